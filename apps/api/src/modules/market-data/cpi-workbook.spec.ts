import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { referencePlaceRecords } from '../places/reference-places';
import { AreaMatcher } from './area-matcher';
import { parseCpiWorkbook } from './cpi-workbook';
import { parseStatCsv, type ParsedDataset } from './stat-parsers';

const BI = path.resolve(__dirname, '../../../../../../shared/data/bi');
const BOOK = path.join(BI, 'psa-published/psa_cpi_2026-01_statistical_tables.xlsx');
const matcher = new AreaMatcher(referencePlaceRecords().filter((p) => p.level !== 'barangay'));
const key = (v: ParsedDataset['values'][number]) => `${v.areaCode}|${v.indicator}|${v.breakdown}|${v.period}|${v.variant}`;

(existsSync(BOOK) ? describe : describe.skip)('the PSA CPI statistical tables workbook (January 2026 release)', () => {
  it('gives the same CPI and inflation values as the tidy CSVs (tables 4 and 6)', async () => {
    const [cpi, inflation] = await parseCpiWorkbook(BOOK, readFileSync(BOOK), matcher);
    for (const [book, csvFile, months] of [
      [cpi, 'psa_cpi_2018base_by_region_monthly.csv', ['2024-12', '2025-01', '2025-12', '2026-01']],
      [inflation, 'psa_inflation_yoy_by_region_monthly.csv', ['2025-12', '2026-01']],
    ] as const) {
      expect(book.unmatched).toEqual([]);
      expect(book.skipped).toEqual([{ reason: expect.stringMatching(/^Areas Outside NCR/), rows: expect.any(Number) }]);
      expect([...new Set(book.values.map((v) => v.period))].sort()).toEqual(months);
      const csvPath = path.join(BI, csvFile);
      const csv = new Map(parseStatCsv(csvPath, readFileSync(csvPath), book.dataset, matcher).values.map((v) => [key(v), v.value]));
      // 19 areas (Philippines, NCR, 17 regions) × 13 groups and All Items × months
      expect(book.values).toHaveLength(19 * 14 * months.length);
      for (const v of book.values) expect([key(v), v.value]).toEqual([key(v), csv.get(key(v))]);
    }
    const wv = cpi.values.find((v) => v.areaCode === '0600000000' && v.breakdown === 'All Items' && v.period === '2026-01')!;
    expect(wv).toMatchObject({ variant: 'with_NIR', value: 130.2 });
  });
});
