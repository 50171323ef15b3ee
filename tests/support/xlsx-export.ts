/** Reading list exports (GET <list>/export) back in the API tests, with SheetJS as a spreadsheet program would. */
import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { Reply } from './clients/app.js';

/** The workbook of an export answer: the data sheet's rows (header first) as cells, and the About sheet as label → value. */
export function readExport(res: Reply) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  const wb = XLSX.read(res.rawPayload, { type: 'buffer', cellNF: true });
  const [name, about] = wb.SheetNames;
  expect(about).toBe('About');
  const ws = wb.Sheets[name!]!;
  const range = XLSX.utils.decode_range(ws['!ref']!);
  const cells: (XLSX.CellObject | undefined)[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: (XLSX.CellObject | undefined)[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) row.push(ws[XLSX.utils.encode_cell({ r, c })]);
    cells.push(row);
  }
  const aboutRows = XLSX.utils.sheet_to_json<[string, string]>(wb.Sheets.About!, { header: 1 });
  return { header: cells[0]!.map((c) => c?.v), rows: cells.slice(1), about: new Map(aboutRows.map(([k, v]) => [k, v])) };
}

/** Excel serial → the wall-clock time it shows, as 'YYYY-MM-DDTHH:MM:SS'. */
export function serialToWall(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 19);
}
