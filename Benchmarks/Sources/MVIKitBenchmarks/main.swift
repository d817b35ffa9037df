import Foundation

// Every figure is measured in this run: each case beside its floor, on this machine.
var rows: [Row] = []
rows.append(CoreCases.syncIntent())
rows.append(await CoreCases.effectRoundTrip())
rows.append(await CoreCases.sideEffectEmission())
rows.append(ObserverCases.hundredObservers())
rows.append(ObserverCases.fineGrained())
rows.append(CoreCases.scoping())
rows.append(CoreCases.largeState())
rows.append(MemoryCases.perStoreOverhead())
rows.append(MemoryCases.noGrowth())
rows.append(contentsOf: TerminalCases.render())
rows.append(TerminalCases.viewFrame())
rows.append(await CoreCases.testStoreSend())
rows.append(QueueCases.longChain())
rows.append(QueueCases.sendFromObserver())

print(ResultsTable(rows: rows).markdown)
