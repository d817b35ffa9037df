import Foundation
import MVIKit
import MVIKitRecording
import Testing

@testable import MVIKitInspector

/// The inspector attached to a store in this process, reached over a real socket as a browser
/// would reach it (the page itself is tested in Chromium by scripts/e2e-inspector.sh).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(2))) struct InspectorTests {
  func attach(_ store: Store<Notes>, limit: Int = 10_000) async throws -> Inspector<Notes> {
    try await Inspector.attach(to: store, token: "t0ken", limit: limit, announce: false)
  }

  /// Runs a blocking client call off the main actor, which the inspector needs meanwhile.
  nonisolated func off<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await Task.detached(operation: body).value
  }

  func host<M: Model>(_ inspector: Inspector<M>) -> String {
    "127.0.0.1:\(inspector.url.port ?? 0)"
  }

  @Test func theAddressCarriesARandomTokenAndEveryRequestNeedsIt() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await Inspector.attach(to: store, announce: false)
    #expect(inspector.token.count == 32)
    #expect(inspector.url.absoluteString.hasPrefix("http://127.0.0.1:"))
    #expect(inspector.url.query == "token=\(inspector.token)")
    let port = try #require(inspector.url.port)
    let host = "127.0.0.1:\(port)"
    let token = inspector.token
    let client = try RawClient(port: port)
    let missing = await off { client.get("/", headers: ["Host": host]) }
    #expect(missing.status == 403)
    let wrong = await off { client.get("/?token=nope", headers: ["Host": host]) }
    #expect(wrong.status == 403)
    let page = await off { client.get("/?token=\(token)", headers: ["Host": host]) }
    #expect(page.status == 200)
    #expect(page.body.contains("<html"))
    #expect(page.headers["set-cookie"]?.contains("HttpOnly") == true)
    #expect(page.headers["access-control-allow-origin"] == nil)
    // The page's script, with the cookie the page was given and no token in its address.
    let cookie = "mvikit-inspector-\(port)=\(token)"
    let script = await off {
      client.get("/inspector.js", headers: ["Host": host, "Cookie": cookie])
    }
    #expect(script.status == 200)
    // The modules the script imports, by the one static route; nothing else of the bundle.
    let module = await off {
      client.get("/steps.mjs", headers: ["Host": host, "Cookie": cookie])
    }
    #expect(module.status == 200)
    #expect(module.headers["content-type"] == "text/javascript; charset=utf-8")
    #expect(module.body.contains("export"))
    for path in ["/nothing.mjs", "/../Package.swift", "/Resources/steps.mjs", "/index.html.mjs"] {
      let refused = await off { client.get(path, headers: ["Host": host, "Cookie": cookie]) }
      #expect(refused.status == 404, "\(path)")
    }
    let withoutToken = await off { client.get("/steps.mjs", headers: ["Host": host]) }
    #expect(withoutToken.status == 403)
    // A wrong token in the address is refused even with the right cookie.
    let mixed = await off {
      client.get("/inspector.js?token=nope", headers: ["Host": host, "Cookie": cookie])
    }
    #expect(mixed.status == 403)
    await inspector.stop()
  }

  @Test func aNameThatIsNotThisServersAddressIsRefused() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let port = try #require(inspector.url.port)
    let client = try RawClient(port: port)
    // A DNS name pointed at loopback (DNS rebinding), another port, a LAN address.
    for host in ["evil.example:\(port)", "127.0.0.1:\(port + 1)", "192.168.1.10:\(port)"] {
      let answer = await off { client.get("/?token=t0ken", headers: ["Host": host]) }
      #expect(answer.status == 403, "Host \(host)")
    }
    for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"] {
      let answer = await off { client.get("/?token=t0ken", headers: ["Host": host]) }
      #expect(answer.status == 200, "Host \(host)")
    }
    await inspector.stop()
  }

  func upgrade(
    _ client: RawClient, host: String, origin: String?, token: String = "t0ken"
  ) async -> Int {
    var headers = [
      "Host": host, "Upgrade": "websocket", "Connection": "Upgrade",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
    ]
    headers["Origin"] = origin
    let request = headers
    return await off { client.get("/ws?token=\(token)", headers: request).status }
  }

  @Test func onlyTheInspectorsOwnPageMayOpenTheWebSocket() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let port = try #require(inspector.url.port)
    let host = host(inspector)
    #expect(
      await upgrade(try RawClient(port: port), host: host, origin: "http://evil.example") == 403)
    #expect(await upgrade(try RawClient(port: port), host: host, origin: nil) == 403)
    #expect(
      await upgrade(
        try RawClient(port: port), host: "evil.example:\(port)",
        origin: "http://evil.example:\(port)")
        == 403)
    #expect(
      await upgrade(try RawClient(port: port), host: host, origin: "http://\(host)", token: "nope")
        == 403)
    #expect(await upgrade(try RawClient(port: port), host: host, origin: "http://\(host)") == 101)
    await inspector.stop()
  }

  /// A page connected over a real WebSocket.
  func connect<M: Model>(_ inspector: Inspector<M>) async throws -> RawClient {
    let client = try RawClient(port: try #require(inspector.url.port))
    let host = host(inspector)
    #expect(await upgrade(client, host: host, origin: "http://\(host)") == 101)
    return client
  }

  /// Reads messages until one satisfies `condition`; every message read is returned.
  func read(_ client: RawClient, until condition: @escaping @Sendable (String) -> Bool) async
    -> [String]
  {
    await off {
      var messages: [String] = []
      while let message = client.readFrame() {
        messages.append(message)
        if condition(message) { break }
      }
      return messages
    }
  }

  @Test func aPageIsGreetedWithTheBacklogThenSeesEachStepLive() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    store.send(.increment)
    store.send(.add("milk"))
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":2") })
    let client = try await connect(inspector)
    let greeting = await read(client) { $0.contains("\"type\":\"status\"") }
    let hello = try #require(greeting.first)
    #expect(hello.contains("\"type\":\"hello\""))
    #expect(hello.contains("\"protocol\":1"))
    #expect(hello.contains("\"model\":\"Notes\""))
    #expect(hello.contains("\"exportable\":true"))
    // The backlog holds both steps: the milk step's change is the title's path and value.
    let backlog = greeting.joined()
    #expect(backlog.contains("\"intent\":{\"increment\":{}}"))
    #expect(backlog.contains("{\"path\":[\"titles\",0],\"value\":\"milk\"}"))
    store.send(.toast("Saved"))
    await store.send(.echo).finish()
    let live = await read(client) { $0.contains("\"origin\":\"effect\"") }.joined()
    #expect(live.contains("\"kind\":\"sideEffect\""))
    #expect(live.contains("\"value\":{\"toast\":{\"_0\":\"Saved\"}}"))
    #expect(live.contains("\"intent\":{\"echo\":{}}"))
    await inspector.stop()
  }

  @Test func thePageSeesAnEffectErrorNobodyCaught() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    await store.send(.failOffline).finish()
    let live = await read(client) { $0.contains("\"kind\":\"error\"") }.joined()
    #expect(live.contains("NSURLErrorDomain") || live.contains("URLError"))
    await inspector.stop()
  }

  @Test func aSecretNeverReachesThePage() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    store.send(.password(Secret("hunter2-correct-horse")))
    store.send(.increment)
    let messages = await read(client) { $0.contains("\"count\"") }.joined()
    #expect(messages.contains("Secret(••••)"))
    #expect(!messages.contains("hunter2"))
    let port = try #require(inspector.url.port)
    let host = host(inspector)
    let export = await off {
      (try? RawClient(port: port))?.get("/export?token=t0ken", headers: ["Host": host]).body ?? ""
    }
    #expect(!export.isEmpty && !export.contains("hunter2"))
    await inspector.stop()
  }

  @Test func withheldStepsAndRewrittenValuesNeverLeaveTheApp() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let privacy = InspectorPrivacy<Notes>(
      withholding: ["add"],
      state: { state in
        var shown = state
        shown.titles = state.titles.map { _ in "(a private note)" }
        return shown
      },
      intent: { intent in
        guard case .toast = intent else { return intent }
        return .toast("(a toast)")
      },
      sideEffect: { _ in .toast("(a toast)") })
    let inspector = try await Inspector.attach(
      to: store, token: "t0ken", announce: false, privacy: privacy)
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    store.send(.add("diary: the surprise party is on Friday"))
    let toastLine = #line + 1
    store.send(.toast("the party is at Ann's"))
    store.send(.increment)
    let messages = await read(client) { $0.contains("\"withheld\":1") && $0.contains("\"count\"") }
      .joined()
    #expect(!messages.contains("party"))
    #expect(messages.contains("(a private note)") && messages.contains("(a toast)"))
    // The app itself keeps what the user typed.
    #expect(store.titles == ["diary: the surprise party is on Friday"])
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":3") })
    let export = inspector.exportedRecording()
    #expect(!export.contains("party"))
    let recording = try Recording<Notes>(data: Data(export.utf8))
    #expect(recording.steps.map(\.intent) == [.toast("(a toast)"), .increment])
    // Each keeps where the View sent it from, as the page showed it.
    #expect(
      recording.steps.map(\.site)
        == [
          "MVIKitInspectorTests/InspectorTests.swift:\(toastLine)",
          "MVIKitInspectorTests/InspectorTests.swift:\(toastLine + 1)",
        ])
    // The withheld step's change shows with the next step sent, rewritten.
    #expect(export.contains("(a private note)"))
    #expect(recording.steps[0].sideEffects == [.toast("(a toast)")])
    // Travel shows the app as it was, not the rewritten state.
    client.sendFrame(#"{"type":"travel","step":2}"#)
    #expect(await eventually { !inspector.isLive })
    #expect(store.titles == ["diary: the surprise party is on Friday"])
    await inspector.stop()
  }

  @Test func intentsAreWithheldByTheirCaseOrTheirPathOfCases() {
    enum Inner {
      case passwordChanged(String)
      case submitTapped
    }
    enum Outer {
      case login(Inner)
      case signOut
    }
    #expect(
      InspectorPrivacy<Notes>.casePath(of: Outer.login(.passwordChanged("x"))) == [
        "login", "passwordChanged",
      ])
    #expect(
      InspectorPrivacy<Notes>.casePath(of: Outer.login(.submitTapped)) == [
        "login", "submitTapped",
      ])
    #expect(InspectorPrivacy<Notes>.casePath(of: Outer.signOut) == ["signOut"])
    let privacy = InspectorPrivacy<Notes>(withholding: ["password", "Notes.add"])
    #expect(privacy.withholds(.password(Secret("x"))))
    #expect(!privacy.withholds(.add("x")))
    #expect(!privacy.withholds(.increment))
    #expect(InspectorPrivacy<Notes>(withholding: ["increment"]).withholds(.increment))
  }

  /// Lets go of `page`, which closes its socket.
  func close(_ page: inout RawClient?) { page = nil }

  /// A store with three increments, and a page that had it travel to step 1.
  func travelledToStep1() async throws -> (Store<Notes>, Inspector<Notes>, RawClient) {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    for _ in 0..<3 { store.send(.increment) }
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    client.sendFrame(#"{"type":"travel","step":1}"#)
    #expect(await eventually { store.count == 1 })
    return (store, inspector, client)
  }

  @Test func aPageMakesTheStoreTravelAndReturnToLive() async throws {
    let (store, inspector, client) = try await travelledToStep1()
    #expect(!inspector.isLive)
    let status = await read(client) { $0.contains("\"shownStep\":1") }
    #expect(status.last?.contains("\"live\":false") == true)
    // The View's intent while a past state shows would be computed against the past: it is
    // refused, and the live state is left as it was.
    #expect(store.isShowingPast)
    store.send(.increment)
    #expect(store.count == 1)
    client.sendFrame(#"{"type":"travel","step":0}"#)
    #expect(await eventually { store.count == 0 })
    client.sendFrame(#"{"type":"live"}"#)
    #expect(await eventually { !store.isShowingPast })
    #expect(store.count == 3)
    #expect(inspector.isLive)
    await inspector.stop()
  }

  @Test func theLastPageGoingAwayOnAPastStepReturnsTheStoreToLive() async throws {
    let store: Store<Notes>
    let inspector: Inspector<Notes>
    var client: RawClient?
    (store, inspector, client) = try await travelledToStep1()
    #expect(store.isShowingPast)
    // The page goes away: its socket closes as the client is freed.
    close(&client)
    #expect(await eventually { inspector.isLive && !store.isShowingPast })
    #expect(store.count == 3)
    store.send(.increment)
    #expect(store.count == 4)
    await inspector.stop()
  }

  @Test func theAppReturningToLiveTellsThePage() async throws {
    let (store, inspector, client) = try await travelledToStep1()
    _ = await read(client) { $0.contains("\"shownStep\":1") }
    // What Esc does in a terminal app while the page's step shows.
    store.returnToLive()
    #expect(store.count == 3)
    #expect(inspector.isLive)
    let status = await read(client) { $0.contains("\"live\":true") }
    #expect(status.last?.contains("\"live\":true") == true)
    await inspector.stop()
  }

  @Test func theExportIsARecordingThatReadsBackAndReplays() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    store.send(.add("milk"))
    store.send(.toast("hi"))
    store.send(.increment)
    let port = try #require(inspector.url.port)
    let host = host(inspector)
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":3") })
    let response = await off {
      (try? RawClient(port: port))?.get("/export?token=t0ken", headers: ["Host": host])
    }
    #expect(response?.status == 200)
    #expect(response?.headers["content-disposition"]?.contains("Notes-") == true)
    let recording = try Recording<Notes>(data: Data((response?.body ?? "").utf8))
    #expect(recording.steps.map(\.intent) == [.add("milk"), .toast("hi"), .increment])
    #expect(recording.steps[1].sideEffects == [.toast("hi")])
    let states = try recording.replay(with: Notes())
    #expect(states.last?.state.count == 1)
    #expect(states.last?.state.titles == ["milk"])
    await inspector.stop()
  }

  @Test func theExportSaysWhichRunSentEachIntentAndWhichStepStartedIt() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    await store.send(.echo).finish()
    #expect(await eventually { inspector.exportedRecording().contains("\"started\":") })
    let recording = try Recording<Notes>(data: Data(inspector.exportedRecording().utf8))
    #expect(recording.steps.map(\.intent) == [.echo, .increment])
    #expect(recording.steps[0].startedRuns.count == 1)
    #expect(recording.steps[1].run == recording.steps[0].startedRuns.first)
    await inspector.stop()
  }

  @Test func exploreAnswersWithWhatEveryOrderOfTheKeptStepsGives() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    await store.send(.echo).finish()
    await store.send(.echo).finish()
    store.send(.add("milk"))
    let port = try #require(inspector.url.port)
    let host = host(inspector)
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":5") })
    func get(_ query: String) async -> (status: Int, body: String)? {
      await off {
        guard let client = try? RawClient(port: port) else { return nil }
        let response = client.get("/explore?token=t0ken\(query)", headers: ["Host": host])
        return (response.status, response.body)
      }
    }
    let all = await get("")
    #expect(all?.status == 200)
    let json = try JSONSerialization.jsonObject(with: Data((all?.body ?? "").utf8))
    let fields = try #require(json as? [String: Any])
    // Both echoes only count up: every order ends as the user saw.
    #expect(fields["found"] as? Bool == false)
    #expect((fields["summary"] as? String)?.contains("No ordering bug") == true)
    #expect((fields["test"] as? String)?.contains("recording.explore(with: Notes())") == true)
    // Up to step 2: the first echo and its answer only.
    let first = await get("&step=2&name=firstEcho")
    #expect(first?.status == 200)
    #expect(first?.body.contains("firstEcho") == true)
    #expect(first?.body.contains("milk") == false)
    #expect(await get("&step=two")?.status == 422)
    await inspector.stop()
  }

  @Test func aPageSendsAnIntentAndTheAppReducesItAsTheViews() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    client.sendFrame(#"{"type":"send","intent":{"add":{"_0":"eggs"}}}"#)
    #expect(await eventually { store.titles == ["eggs"] })
    let events = await read(client) { $0.contains("eggs") }.joined()
    #expect(events.contains("\"origin\":\"view\""))
    await inspector.stop()
  }

  @Test func whatAPageSendsIsUntrustedAndEachBadMessageGetsAClearError() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
    let bad: [(message: String, error: String)] = [
      ("not json at all", "it is not JSON"),
      ("[1, 2]", "it has no \\\"type\\\""),
      (#"{"type":"dance"}"#, "does not know the page's command"),
      (#"{"type":"send"}"#, "A send needs an intent"),
      (#"{"type":"travel","step":"one"}"#, "A travel needs a step number"),
      (#"{"type":"fork","step":1}"#, "A fork needs a step number and an intent"),
      (#"{"type":"send","intent":{"add":{"_0":5}}}"#, "is not one of Notes's"),
      (#"{"type":"send","intent":{"fly":{}}}"#, "is not one of Notes's"),
      (#"{"type":"send","intent":{"add":{"_0":"x"},"increment":{}}}"#, "is not one of Notes's"),
      (#"{"type":"send","intent":"# + deep + "}", "it is not JSON"),
    ]
    for (message, error) in bad {
      client.sendFrame(message)
      let answer = await read(client) { $0.contains("\"type\":\"error\"") }.last ?? ""
      #expect(answer.contains(error), "\(message.prefix(60)) → \(answer.prefix(300))")
    }
    // Past the message limit, in frames each within the frame limit: not read at all.
    let huge = #"{"type":"send","intent":{"add":{"_0":""# + String(repeating: "x", count: 200_000)
    client.sendFrames(huge + "\"}}}", count: 5)
    let answer = await read(client) { $0.contains("\"type\":\"error\"") }.last ?? ""
    #expect(answer.contains("larger than 64 KB"))
    // A flood of them holds nothing up, and a good message after it is reduced.
    for _ in 0..<500 { client.sendFrame(#"{"type":"send","intent":{"add":{"_0":7}}}"#) }
    client.sendFrame(#"{"type":"send","intent":{"increment":{}}}"#)
    #expect(await eventually { store.count == 1 })
    #expect(store.titles.isEmpty)
    await inspector.stop()
  }

  @Test func aPageTriesAnotherIntentAtAStepWithoutTouchingTheApp() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    store.send(.add("milk"))
    store.send(.add("eggs"))
    let client = try await connect(inspector)
    _ = await read(client) { $0.contains("\"type\":\"status\"") }
    client.sendFrame(#"{"type":"fork","step":2,"intent":{"add":{"_0":"bread"}}}"#)
    let fork = await read(client) { $0.contains("\"type\":\"fork\"") }.last ?? ""
    #expect(fork.contains(#""changes":[{"path":["titles",1],"value":"bread"}]"#))
    #expect(fork.contains(#""happened":[{"path":["titles",1],"value":"eggs"}]"#))
    #expect(store.titles == ["milk", "eggs"])
    client.sendFrame(#"{"type":"fork","step":9,"intent":{"increment":{}}}"#)
    let error = await read(client) { $0.contains("\"type\":\"error\"") }.last ?? ""
    #expect(error.contains("There is no step 9 to try otherwise"))
    await inspector.stop()
  }

  @Test func aPageCannotSendWhileTheAppShowsThePast() async throws {
    let (store, inspector, client) = try await travelledToStep1()
    client.sendFrame(#"{"type":"send","intent":{"increment":{}}}"#)
    let error = await read(client) { $0.contains("\"type\":\"error\"") }.last ?? ""
    #expect(error.contains("press Live"))
    #expect(store.count == 1)
    await inspector.stop()
  }

  @Test func aRecordingIsCheckedAgainstTheAppsReducerToday() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    store.send(.add("milk"))
    store.send(.increment)
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":2") })
    let recording = inspector.exportedRecording()
    let port = try #require(inspector.url.port)
    let host = host(inspector)
    func check(_ body: String, origin: String? = nil) async -> (status: Int, body: String) {
      await off {
        var headers = ["Host": host]
        if let origin { headers["Origin"] = origin }
        guard let client = try? RawClient(port: port) else { return (0, "") }
        let response = client.post("/check?token=t0ken", body: body, headers: headers)
        return (response.status, response.body)
      }
    }
    let same = await check(recording, origin: "http://\(host)")
    #expect(same.status == 200 && same.body.contains("\"matches\":true"))
    let changed = recording.replacingOccurrences(
      of: #"{"path":["count"],"value":1}"#, with: #"{"path":["count"],"value":3}"#)
    let differs = await check(changed)
    #expect(differs.body.contains("\"matches\":false") && differs.body.contains("\"step\":2"))
    #expect(differs.body.contains("count: recorded 3, replayed 1"))
    #expect(await check("not a recording").body.contains("\"problem\""))
    #expect(await check(recording, origin: "http://evil.example").status == 403)
    let huge = String(repeating: "x", count: 17 << 20)
    #expect(await check(huge).status == 413)
    // Nothing a check does reaches the app's store.
    #expect(store.count == 1 && store.titles == ["milk"])
    await inspector.stop()
  }

  @Test func aPageThatFellBehindAtTheEndOfABurstIsResyncedOnceItCatchesUp() async {
    let mailbox = InspectorMailbox(capacity: 1)
    let caughtUp = LockedCount()
    mailbox.whenCaughtUp { caughtUp.add() }
    #expect(mailbox.push("batch 1", steps: 1))
    #expect(!mailbox.push("batch 2", steps: 2))
    // No new step comes to carry the resync: reading what was queued asks for it.
    #expect(await mailbox.next() == "batch 1")
    #expect(caughtUp.value == 0)
    mailbox.close()
    _ = await mailbox.next()
    #expect(caughtUp.value == 1)
    #expect(mailbox.takeResync() == 2)
  }

  @Test func aModelThatIsNotCodableIsShownButNotExported() async throws {
    let store = Store(initialState: Plain.State(), model: Plain())
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    store.send(.increment)
    let port = try #require(inspector.url.port)
    let host = "127.0.0.1:\(port)"
    let response = await off {
      (try? RawClient(port: port))?.get("/export?token=t0ken", headers: ["Host": host])
    }
    #expect(response?.status == 409)
    #expect(response?.body.contains("not Codable") == true)
    let client = try RawClient(port: port)
    let headers = [
      "Host": host, "Upgrade": "websocket", "Connection": "Upgrade", "Origin": "http://\(host)",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
    ]
    let status = await off { client.get("/ws?token=t0ken", headers: headers).status }
    #expect(status == 101)
    let messages = await read(client) { $0.contains("\"type\":\"status\"") }.joined()
    #expect(messages.contains("\"exportable\":false"))
    #expect(messages.contains("\"count\""))
    await inspector.stop()
  }

  @Test func copyAsTestServesTheSessionAsATest() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    // No testModel: the model's init() makes it, as for any app that attaches an inspector.
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    store.send(.add("milk"))
    store.send(.toast("hi"))
    let port = try #require(inspector.url.port)
    let host = "127.0.0.1:\(port)"
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":2") })
    let response = await off {
      (try? RawClient(port: port))?.get(
        "/test?token=t0ken&name=addingMilk", headers: ["Host": host])
    }
    #expect(response?.status == 200)
    let source = response?.body ?? ""
    #expect(source.contains("@Test func addingMilk() async throws {"))
    #expect(source.contains("    model: Notes(),\n    effects: .recorded"))
    #expect(
      source.contains("  await store.send(.add(\"milk\")) {\n    $0.titles.append(\"milk\")\n  }"))
    #expect(
      source.contains(
        "  await store.send(.toast(\"hi\"))\n  await store.receiveSideEffect(.toast(\"hi\"))"))
    let refused = await off {
      (try? RawClient(port: port))?.get("/test?token=t0ken&name=2fast", headers: ["Host": host])
    }
    #expect(refused?.status == 422)
    #expect(refused?.body.contains("not a name a Swift function can have") == true)
    await inspector.stop()
  }

  @Test func aCopiedTestMakesTheModelAsTheAppSays() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await Inspector.attach(
      to: store, token: "t0ken", announce: false, testModel: "Notes.offline")
    store.send(.increment)
    let port = try #require(inspector.url.port)
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":1") })
    let response = await off {
      (try? RawClient(port: port))?.get("/test?token=t0ken", headers: ["Host": "127.0.0.1:\(port)"])
    }
    #expect(response?.body.contains("    model: Notes.offline,\n") == true)
    #expect(response?.body.contains("@Test func recordedSession() async throws {") == true)
    await inspector.stop()
  }

  @Test func aRequestWithoutTheTokenIsToldWhereTheAddressIs() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    let port = try #require(inspector.url.port)
    let response = await off {
      (try? RawClient(port: port))?.get("/", headers: ["Host": "127.0.0.1:\(port)"])
    }
    #expect(response?.status == 403)
    // Not only "printed": an app such as the showcase shows the address on its screen.
    #expect(response?.body.contains("?token=… at the end") == true)
    #expect(response?.body.contains("as the showcase does in its footer") == true)
    await inspector.stop()
  }

  @Test func anEffectRunsStartAndEndGoToThePage() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    let client = try await connect(inspector)
    // `echo` runs work that sends `increment`: the run starts after step 1 and ends after 2.
    await store.send(.echo).finish()
    let messages = await read(client) { $0.contains("\"moment\":\"finished\"") }.joined()
    #expect(messages.contains(#""kind":"effect","moment":"started","run":1,"step":1,"#))
    #expect(
      messages.contains(#""kind":"effect","moment":"finished","run":1,"startedAt":1,"step":2,"#))
    // The intent the run sent names it.
    #expect(messages.contains(#""kind":"intent","origin":"effect","run":1,"step":2,"#))
    await inspector.stop()
  }

  @Test func aModelThatIsNotCodableHasNoTestToCopy() async throws {
    let store = Store(initialState: Plain.State(), model: Plain())
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    store.send(.increment)
    let port = try #require(inspector.url.port)
    let response = await off {
      (try? RawClient(port: port))?.get(
        "/test?token=t0ken", headers: ["Host": "127.0.0.1:\(port)"])
    }
    #expect(response?.status == 409)
    #expect(response?.body.contains("Codable and Equatable") == true)
    await inspector.stop()
  }

  @Test func aScopedStoreIsRefusedWithAClearError() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    await #expect(throws: InspectorError.scopedStore) {
      _ = try await Inspector.attach(to: store.scope(Notes.counter), announce: false)
    }
    _ = store
  }

  @Test func theBufferIsBoundedAndSaysHowManyStepsItDropped() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store, limit: 100)
    for _ in 0..<1_000 { store.send(.increment) }
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":1000") })
    let client = try await connect(inspector)
    let greeting = await read(client) { $0.contains("\"type\":\"status\"") }
    let hello = try #require(greeting.first)
    #expect(hello.contains("\"dropped\":900"))
    #expect(hello.contains("\"firstStep\":901"))
    #expect(hello.contains("\"state\":{\"count\":900"))
    // A page connected meanwhile is told each time the app drops more.
    for _ in 0..<10 { store.send(.increment) }
    let status = await read(client) { $0.contains("\"dropped\":910") }
    #expect(status.last?.contains("\"type\":\"status\"") == true)
    #expect(await eventually { inspector.exportedRecording().contains("\"step\":1010") })
    let recording = try Recording<Notes>(data: Data(inspector.exportedRecording().utf8))
    #expect(recording.steps.count == 100)
    #expect(try recording.replay(with: Notes()).last?.state.count == 1_010)
    // The page can travel to the oldest kept state, not before it.
    client.sendFrame(#"{"type":"travel","step":910}"#)
    #expect(await eventually { store.count == 910 })
    client.sendFrame(#"{"type":"travel","step":5}"#)
    let warning = await read(client) { $0.contains("no longer kept") }
    #expect(warning.last?.contains("no longer kept") == true)
    #expect(store.count == 910)
    await inspector.stop()
    #expect(store.count == 1_010)
  }

  @Test func twoPagesAtOnceBothSeeEveryStepAndAClosedOneIsForgotten() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    let first = try await connect(inspector)
    let second = try await connect(inspector)
    _ = await read(first) { $0.contains("\"type\":\"status\"") }
    _ = await read(second) { $0.contains("\"type\":\"status\"") }
    #expect(await eventually { inspector.pageCount == 2 })
    store.send(.add("both"))
    #expect(await read(first) { $0.contains("both") }.last?.contains("both") == true)
    #expect(await read(second) { $0.contains("both") }.last?.contains("both") == true)
    // The first browser closes mid-stream; the app and the other page go on.
    first.send([0x88, 0x80, 0, 0, 0, 0])
    #expect(await eventually { inspector.pageCount == 1 })
    store.send(.add("after"))
    #expect(await read(second) { $0.contains("after") }.last?.contains("after") == true)
    await inspector.stop()
    #expect(inspector.pageCount == 0)
  }
}

extension Notes {
  /// A scoped store to try attaching to.
  static let counter = ChildLink<Notes, Counting>(state: \.count, intent: { _ in .increment })
}

/// A child over the count alone.
struct Counting: Model {
  typealias State = Int
  enum Intent: Sendable { case tick }
  func reduce(_ state: inout Int, _ intent: Intent) -> Effect<Intent, Never> { .none }
}

extension Inspector {
  /// The export as text, as the page downloads it.
  func exportedRecording() -> String {
    String(decoding: feedRecording() ?? Data(), as: UTF8.self)
  }
}

/// A count that a `@Sendable` closure adds to.
final class LockedCount: @unchecked Sendable {
  // Unchecked: every access holds the lock.
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
