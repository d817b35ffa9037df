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
      FileBrowserView(store: store)
      // Both halves grow, so narrow terminals shrink the listing and the panel alike.
      TranscriptPanel(store: store).expanding()
    }
    .onKey("s", help: "Start") { store.send(.startTapped) }
    .onKey("c", help: "Cancel") { store.send(.cancelTapped) }
    .onKey("p", help: "Phrases") { store.send(.phrasesToggled) }
  }
}

/// The folder listing: `..`, folders, WAV files, and other audio dimmed as unsupported.
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
      Text("  " + entry.name + "  (not WAV)").dim()
    }
  }
}

/// The recognizer's status, the picked file, the phrase mode, and the transcript or error.
struct TranscriptPanel: View {
  let store: Store<TranscribeModel>

  var body: some View {
    Box("Transcript") {
      availability
      Text(store.pickedFile.map { "File: \($0.lastPathComponent)" } ?? "File: none picked")
      Text(phraseMode).dim()
      Divider()
      if store.isTranscribing {
        Spinner("Transcribing… (c cancels)").foreground(.yellow)
      } else if let transcript = store.transcript {
        Text(Self.heading(transcript)).dim()
        Text(transcript.text.isEmpty ? "(no speech found)" : transcript.text).bold()
          .foreground(.green)
      } else if store.pickedFile != nil, store.errorMessage == nil {
        Text("Press s to transcribe.").dim()
      }
      if let error = store.errorMessage {
        Text(error).foreground(.red)
        Text("Pick another file with Enter, or press s to try again.").dim()
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
      Spinner("Checking the recognizer…")
    case .available:
      Text("Recognizer: PocketSphinx, ready (offline)").foreground(.green)
    case .notInstalled(let reason):
      Text("Recognizer not installed: \(reason)").foreground(.red)
    }
  }

  var phraseMode: String {
    guard let phrases = store.phrases else {
      return store.pickedFile == nil
        ? "Enter picks a WAV file." : "Free speech (no \(TranscribeModel.phrasesFileName))"
    }
    let source = "\(phrases.count) phrases from \(TranscribeModel.phrasesFileName)"
    return store.usesPhrases ? "Phrase list: on, \(source)" : "Phrase list: off, free speech"
  }

  static func heading(_ transcript: Transcript) -> String {
    let mode = transcript.mode == .phrases ? "phrase list" : "free speech"
    let seconds = (transcript.audioDuration * 10).rounded() / 10
    return "Heard (\(mode), \(seconds) s of audio):"
  }
}
