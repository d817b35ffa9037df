import Foundation

// Every figure is measured in this run: each case beside its floor, on this machine.
var rows: [Row] = []
// MVIKIT_BENCH_ONLY=4a,5 runs only those cases, for profiling one of them.
let only = ProcessInfo.processInfo.environment["MVIKIT_BENCH_ONLY"].map {
  Set($0.split(separator: ",").map(String.init))
}
func wants(_ id: String) -> Bool { only?.contains(id) ?? true }

if wants("1") { rows.append(CoreCases.syncIntent()) }
if wants("1x") { rows.append(CoreCases.inlinedSyncIntent()) }
if wants("1e") { rows.append(CoreCases.syncIntentOfEffectfulModel()) }
if wants("2") { rows.append(await CoreCases.effectRoundTrip()) }
if wants("3") { rows.append(await CoreCases.sideEffectEmission()) }
if wants("4a") { rows.append(ObserverCases.hundredObservers()) }
if wants("4b") { rows.append(ObserverCases.fineGrained()) }
if wants("5a") { rows.append(CoreCases.childLinkSend()) }
if wants("5") { rows.append(CoreCases.scoping()) }
if wants("5c") { rows.append(CoreCases.scopedOnce()) }
if wants("5d") { rows.append(CoreCases.cachedScope()) }
if wants("5b") { rows.append(CoreCases.caseLinkSend()) }
if wants("5e") { rows.append(CoreCases.optionalChildSend()) }
if wants("6") { rows.append(CoreCases.largeState()) }
if wants("7a") { rows.append(contentsOf: MemoryCases.perStoreOverhead()) }
if wants("7b") { rows.append(MemoryCases.noGrowth()) }
if wants("8") { rows.append(contentsOf: TerminalCases.render()) }
if wants("8c") { rows.append(TerminalCases.viewFrame()) }
if wants("8d") { rows.append(TerminalCases.wideTextFrame()) }
if wants("8e") { rows.append(TableCases.tableFrame()) }
if wants("8f") { rows.append(ListFilterCases.filteredFrame()) }
if wants("8g") { rows.append(await TypingCases.typedRun()) }
if wants("9") { rows.append(await CoreCases.testStoreSend()) }
if wants("10") { rows.append(QueueCases.longChain()) }
if wants("11") { rows.append(QueueCases.sendFromObserver()) }
if wants("12a") { rows.append(RecordingCases.recordedSend()) }
if wants("12b") { rows.append(RecordingCases.historySend()) }
if wants("12c") { rows.append(RecordingCases.loggedDiff()) }
if wants("13") { rows.append(await ExplorerCases.searchAsYouType()) }
if wants("13b") { rows += await ExplorerCases.fanouts() }
if wants("13c") { rows += await ExplorerCases.interleavedTaps() }

if wants("14") { rows.append(contentsOf: await InspectorCases.all()) }
if wants("14o") { rows.append(InspectorCases.observedSend()) }
if wants("14d") { rows.append(contentsOf: await AgentCases.all()) }
if wants("15") { rows.append(contentsOf: await PersistenceCases.all()) }

print(ResultsTable(rows: rows).markdown)
