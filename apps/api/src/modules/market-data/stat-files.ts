import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STAT_DATASET_IDS, type StatDatasetId } from '../market/market-contracts';
import type { AreaMatcher } from './area-matcher';
import { parseCpiWorkbook } from './cpi-workbook';
import { isLfsAnnualWorkbook, parseLfsAnnualWorkbook } from './lfs-workbook';
import { datasetOfFile, parseStatCsv, StatImportError, type ParsedDataset } from './stat-parsers';

export const isStatDatasetId = (s: string): s is StatDatasetId => (STAT_DATASET_IDS as readonly string[]).includes(s);

/**
 * Reads one statistics file: a tidy CSV of any dataset, or one of the PSA's published workbooks (.xlsx):
 * the annual LFS Table 1 (lfs_annual) or a monthly CPI statistical tables release (tables 4 and 6: cpi and
 * inflation; one of them with `dataset`). The dataset is `dataset` when given, else recognised by the file
 * name. Old binary Excel files (.xls) are not read: open them in a spreadsheet and save as .xlsx, or use the CSV.
 */
export async function readStatisticsFile(file: string, matcher: AreaMatcher, dataset?: StatDatasetId): Promise<ParsedDataset[]> {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xls') throw new StatImportError(file, 'old binary Excel workbooks (.xls) are not read: save it as .xlsx, or import the tidy CSV of the same table');
  const id = dataset ?? datasetOfFile(file);
  if (!id) {
    throw new StatImportError(file, `cannot tell which dataset this file is from its name: give --dataset (one of ${STAT_DATASET_IDS.join(', ')})`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new StatImportError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (ext === '.xlsx') {
    if (id === 'lfs_annual' && isLfsAnnualWorkbook(file)) return [await parseLfsAnnualWorkbook(file, bytes, matcher)];
    if (id === 'cpi' || id === 'inflation') return parseCpiWorkbook(file, bytes, matcher, dataset as 'cpi' | 'inflation' | undefined);
    throw new StatImportError(
      file,
      `the published workbooks read are the annual LFS Table 1 (lfs_annual) and the monthly CPI statistical tables (cpi, inflation); for ${id} import its CSV`,
    );
  }
  if (ext !== '.csv') throw new StatImportError(file, `is not a .csv or .xlsx file`);
  return [parseStatCsv(file, bytes, id, matcher)];
}
