import Foundation
import MVIKit
import MVIKitTerminal

/// The Transcribe screen: the file browser on the left, the transcript panel on the right.
public struct TranscribeView: View {
  let store: Store<TranscribeModel>

  /// A view of `store`'s browser and transcript.
  public init(store: Store<TranscribeModel>) {
    self.store = store
  }

  /// The screen for the current state.
  public var body: some View {
    HStack(spacing: 1) {
      // Both halves grow, evenly: the panel keeps its width whatever the listing holds (a
      // spinner, then long file names), and narrow terminals shrink both alike.
      FileBrowserView(store: store).expanding()
      TranscriptPanel(store: store).expanding()
    }
    .onKey("s", help: "Start") { store.send(.startTapped) }
    .onKey("c", help: "Cancel", isEnabled: store.isTranscribing) { store.send(.cancelTapped) }
    .onKey("p", help: "Phrases") { store.send(.phrasesToggled) }
    .onKey("w", help: "Save transcript") { store.send(.saveTapped) }
  }
}

/// The folder listing: `..`, folders, audio files, and audio the recognizer cannot read
/// dimmed as unsupported.
struct FileBrowserView: View {
  let store: Store<TranscribeModel>

  var body: some View {
    Box(store.listing.map { "Files · \($0.folder.path)" } ?? "Files") {
      if store.listing == nil {
        if store.errorMessage == nil {
          Spinner("Listing…")
        } else {
          Text("No folder could be listed.").dim()
        }
        Spacer()
      } else if store.entries.isEmpty {
        Text("This folder is empty.").dim()
        Spacer()
      } else {
        List(
          store.entries, selection: store.selection,
          onSelect: { store.send(.selectionMoved($0)) },
          onActivate: { store.send(.entryActivated($0)) }
        ) { entry, _ in
          EntryRow(entry: entry, isPicked: entry.url == store.pickedFile)
        }
      }
    }
  }
}

/// One row of the listing.
struct EntryRow: View {
  let entry: AudioFileBrowser.Entry
  let isPicked: Bool

  var body: some View {
    switch entry.kind {
    case .parent:
      Text(".. (parent folder)")
    case .folder:
      Text(entry.name + "/").foreground(.cyan)
    case .audio:
      Text((isPicked ? "▶ " : "  ") + entry.name)
    case .unsupportedAudio:
      Text("  " + entry.name + "  (unsupported)").dim()
    }
  }
}

/// The recognizer's status, the picked file, the phrase mode, and the transcript as it arrives,
/// or the error.
struct TranscriptPanel: View {
  let store: Store<TranscribeModel>

  var body: some View {
    Box("Transcript") {
      availability
      Text(store.pickedFile.map { "File: \($0.lastPathComponent)" } ?? "File: none picked")
      Text(phraseMode).dim()
      Divider()
      if store.isTranscribing {
        Spinner(Self.progressLabel(store.progress)).foreground(.yellow)
        // How far through the audio, once the recognizer knows its length.
        if let progress = store.progress { ProgressBar(value: progress) }
        // The newest lines; a long file's first ones scroll off as a terminal's would.
        ForEach(store.segments.suffix(Self.visibleSegments)) {
          Text(Self.line($0)).foreground(.green)
        }
      } else if let transcript = store.transcript {
        Text(Self.heading(transcript)).dim()
        // A long transcript scrolls (Tab, then ↑↓, PgUp/PgDn, Home/End, or the wheel).
        ScrollView(
          transcript.text.isEmpty
            ? "(no speech found: the file is silent, or too quiet to hear)" : transcript.text
        )
        .foreground(.green)
      } else if !store.segments.isEmpty {
        Text("Transcribed before the stop:").dim()
        ForEach(store.segments.suffix(Self.visibleSegments)) { Text(Self.line($0)) }
      } else if store.pickedFile != nil, store.errorMessage == nil {
        Text("Press s to transcribe.").dim()
      }
      if let error = store.errorMessage {
        // Each message ends with what the user can do about it.
        Text(error).foreground(.red)
      }
      if let notice = store.notice {
        Text(notice).foreground(.yellow)
      }
      Spacer()
    }
  }

  @ViewBuilder var availability: some View {
    switch store.availability {
    case nil:
      Spinner("Starting \(store.recognizerName ?? "the recognizer")…")
    case .available:
      Text("Recognizer: \(store.recognizerName ?? "ready"), ready").foreground(.green)
    case .unavailable(let reason):
      Text("Recognizer unavailable: \(reason)").foreground(.red)
    }
  }

  var phraseMode: String {
    guard let phrases = store.phrases else {
      return store.pickedFile == nil
        ? "Enter picks an audio file." : "Free speech (no \(TranscribeModel.phrasesFileName))"
    }
    let source = "\(phrases.count) phrases from \(TranscribeModel.phrasesFileName)"
    return store.usesPhrases
      ? "Phrase list: on (p turns off), \(source)" : "Phrase list: off (p turns on), free speech"
  }

  static func heading(_ transcript: Transcript) -> String {
    let mode =
      switch transcript.mode {
      case .freeSpeech: "free speech"
      case .phraseHints: "free speech, phrase list as hints"
      case .phrases: "phrase list"
      }
    return "Heard (\(mode), \(seconds(transcript.audioDuration)) s of audio):"
  }

  static let visibleSegments = 8

  static func progressLabel(_ progress: Double?) -> String {
    guard let progress else { return "Transcribing… (c cancels)" }
    return "Transcribing… \(Int((progress * 100).rounded(.down)))% (c cancels)"
  }

  static func line(_ segment: TranscriptSegment) -> String {
    let words = segment.skipReason.map { "(not transcribed: \($0))" } ?? segment.text
    return "[\(seconds(segment.start))–\(seconds(segment.end)) s] \(words)"
  }

  private static func seconds(_ value: Double) -> String {
    String((value * 10).rounded() / 10)
  }
}
