import ArgumentParser
import MVIKitTerminal
import ShowcaseKit
import Testing
import Transcribe

/// The showcase's flags behave as Swift command-line users expect: `--help` lists every flag,
/// an unknown flag or a bad value is a clear error with a non-zero exit status.
@Suite struct ShowcaseCommandTests {
  @Test func helpListsEveryFlag() {
    let help = ShowcaseCommand.helpMessage()
    for flag in [
      "--users-url", "--login-url", "--todos-db", "--poster-url", "--audio-dir", "--graphics",
      "--record", "--replay", "--stt-engine", "--stt-url", "--stt-model", "--inspect",
      "--inspect-token", "--inspect-host",
    ] {
      #expect(help.contains(flag), "\(flag) is missing from --help")
    }
  }

  @Test func noFlagsMeansEveryAppOnItsDefault() throws {
    #expect(try ShowcaseCommand.parse([]).options == ShowcaseOptions())
  }

  @Test func everyFlagReachesTheOptions() throws {
    let options = try ShowcaseCommand.parse([
      "--users-url", "https://example.com/users", "--login-url", "http://127.0.0.1:9/login",
      "--todos-db", "/tmp/t.sqlite", "--graphics", "blocks", "--stt-engine", "whisper",
      "--stt-model", "tiny",
    ]).options
    #expect(options.usersURL?.absoluteString == "https://example.com/users")
    #expect(options.loginURL?.absoluteString == "http://127.0.0.1:9/login")
    #expect(options.todosPath == "/tmp/t.sqlite")
    #expect(options.graphics == .halfBlocks)
    #expect(options.recognizer.engine == .whisper)
    #expect(options.recognizer.model == "tiny")
    #expect(try ShowcaseCommand.parse(["--graphics", "auto"]).options.graphics == nil)
  }

  @Test func theInspectorFlagsReachTheOptionsAndBadOnesAreRefused() throws {
    let options = try ShowcaseCommand.parse(["--inspect", "0", "--inspect-token", "abc_1"]).options
    #expect(options.inspectPort == 0)
    #expect(options.inspectToken == "abc_1")
    #expect(options.inspectHost == "127.0.0.1")
    #expect(try ShowcaseCommand.parse([]).options.inspectPort == nil)
    #expect(ShowcaseCommand.failure(["--inspect", "70000"])?.contains("0 to 65535") == true)
    #expect(
      ShowcaseCommand.failure(["--inspect-token", "abc"])?.contains("--inspect PORT") == true)
    #expect(
      ShowcaseCommand.failure(["--inspect", "0", "--inspect-token", "a b"])?.contains("letters")
        == true)
  }

  /// PocketSphinx is an optional package trait: a build without it says how to build it in,
  /// rather than failing later on the Transcribe screen.
  @Test func pocketSphinxIsParsedOnlyInABuildWithIt() throws {
    #if PocketSphinx
      let options = try ShowcaseCommand.parse(["--stt-engine", "pocketsphinx"]).options
      #expect(options.recognizer.engine == .pocketsphinx)
    #else
      let failure = try #require(ShowcaseCommand.failure(["--stt-engine", "pocketsphinx"]))
      #expect(failure.contains("this build has no PocketSphinx; build with --traits PocketSphinx"))
    #endif
  }

  @Test func anUnknownFlagOrABadValueIsAClearErrorWithAnExitStatus() {
    #expect(ShowcaseCommand.failure(["--colour"]) == "Unknown option '--colour'")
    #expect(ShowcaseCommand.failure(["--graphics", "sixel"])?.contains("sixel") == true)
    #expect(ShowcaseCommand.failure(["--stt-engine", "vosk"])?.contains("whisper") == true)
    #expect(ShowcaseCommand.failure(["--todos-db", ""])?.contains("empty") == true)
    // A missing recording is a usage error that names the path once.
    let missing = ShowcaseCommand.failure(["--replay", "/nonexistent-recording.jsonl"]) ?? ""
    #expect(missing.contains("there is no file at /nonexistent-recording.jsonl"))
    #expect(missing.components(separatedBy: "/nonexistent-recording.jsonl").count == 2)
    do {
      _ = try ShowcaseCommand.parse(["--colour"])
      Issue.record("an unknown flag parsed")
    } catch {
      #expect(ShowcaseCommand.exitCode(for: error) != .success)
    }
  }
}

extension ShowcaseCommand {
  /// The message the command prints for `arguments`, or nil when they parse.
  static func failure(_ arguments: [String]) -> String? {
    do {
      let command = try parse(arguments)
      try command.validate()
      return nil
    } catch {
      return message(for: error)
    }
  }
}
