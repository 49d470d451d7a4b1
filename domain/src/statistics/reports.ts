/**
 * The seven statistical reports of « Rapports statistiques » (seed §2), declared as data: which
 * cube each reads, the rows it can show (« Par statut », « Par jour »…), its columns (sums of the
 * cells' measures, some restricted to a statut or an action, shares and ratios), its chart and the
 * filters that apply. One query route, one export of each format and one screen serve them all.
 *
 * Pure: the query service reads the cells (`reportSources` says which roll-up and how to group),
 * `buildReport` turns the groups into rows and totals, `reportExportTable` into a spreadsheet's
 * columns, `formatReportValue` into what the screen and the PDF print.
 */
export * from './reportTypes.js';
export * from './reportDeclarations.js';
export * from './reportQuery.js';
export * from './reportRows.js';
