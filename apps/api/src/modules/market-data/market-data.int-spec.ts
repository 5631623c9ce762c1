import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../places/psgc';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { statisticsFiles } from '../../import-statistics';
import { loadBundledStatistics } from './bundled-statistics';
import { MarketDataService } from './market-data.service';
import { StatImportError, type ParsedDataset } from './stat-parsers';
import { xlsx } from '../../../test/xlsx-fixture';

// The official files, read where they are (never copied into the repository).
const BI = path.resolve(__dirname, '../../../../../../shared/data/bi');
const haveFiles = existsSync(BI);
const d = haveFiles ? describe : describe.skip;

const MAKATI = '1380300000';
const NCR = '1300000000';
const WESTERN_VISAYAS = '0600000000';
const BEL_AIR = '1380300002';
const TOTAL_VALUES = 45891;

async function count(app: TestApp, q = sql`select count(*)::int as n from stat_values`): Promise<number> {
  return rowsOf<{ n: number }>(await app.db.execute(q))[0].n;
}

d('market-data: the public statistics importers on the shipped files', () => {
  let app: TestApp;
  let service: MarketDataService;
  let tmp: string;
  let firstImport: Awaited<ReturnType<MarketDataService['importStatistics']>>;

  beforeAll(async () => {
    app = await startTestApp();
    service = app.app.get(MarketDataService);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'market-data-'));
    const started = Date.now();
    firstImport = await service.importStatistics(await service.readStatistics(statisticsFiles([BI])));
    // importing all nine files takes seconds, not minutes
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('imports every dataset with its value count, nothing left unmatched', async () => {
    const by = Object.fromEntries(firstImport.map((r) => [r.dataset, r]));
    expect(Object.keys(by).sort()).toEqual(['cpi', 'cpi_weights', 'crime', 'fies_2023', 'inflation', 'lfs_annual', 'lfs_industry', 'lfs_occupation', 'rppi']);
    // rows × indicators, less the skipped rows (AONCR: 56 and 44 months × 14 groups; 59 weight codes each for AONCR and Maguindanao)
    expect(by.cpi).toMatchObject({ values: 15792 - 56 * 14, inserted: 15792 - 56 * 14, updated: 0, unchanged: 0 });
    expect(by.inflation.values).toBe(11900 - 44 * 14);
    expect(by.cpi_weights.values).toBe(7080 - 2 * 59);
    expect(by.fies_2023.values).toBe((138 - 1) * 3);
    expect(by.lfs_annual.values).toBe(274 * 10);
    expect(by.lfs_occupation.values).toBe(190 * 4 + 19);
    expect(by.lfs_industry.values).toBe(399 * 4 + 19);
    expect(by.rppi.values).toBe(72 * 4);
    expect(by.crime.values).toBe(378 * 18);
    for (const r of firstImport) expect(r.unmatched).toEqual([]);
    expect(by.cpi.skipped).toEqual([{ reason: expect.stringMatching(/^Areas Outside NCR/), rows: 56 * 14 }]);
    expect(await count(app)).toBe(TOTAL_VALUES);
  });

  it('records each dataset with its file, checksum, attribution and period range, and an event per dataset', async () => {
    const datasets = await service.datasets();
    expect(datasets).toHaveLength(9);
    const cpi = datasets.find((x) => x.dataset === 'cpi')!;
    expect(cpi).toMatchObject({ fileName: 'psa_cpi_2018base_by_region_monthly.csv', source: 'PSA, Consumer Price Index (2018=100)', rows: 15008, periodFrom: '2021-06', periodTo: '2026-01' });
    expect(datasets.find((x) => x.dataset === 'rppi')).toMatchObject({ periodFrom: '2008-Q1', periodTo: '2025-Q4', source: expect.stringMatching(/^BIS/) });
    expect(datasets.find((x) => x.dataset === 'fies_2023')).toMatchObject({ source: 'PSA, 2023 Family Income and Expenditure Survey', periodFrom: '2023', periodTo: '2023' });
    const events = rowsOf<{ entity_id: string; data: { inserted: number } }>(
      await app.db.execute(sql`select entity_id, data from outbox where type = 'market.dataset_imported' order by entity_id`),
    );
    expect(events.map((e) => e.entity_id)).toEqual(['cpi', 'cpi_weights', 'crime', 'fies_2023', 'inflation', 'lfs_annual', 'lfs_industry', 'lfs_occupation', 'rppi']);
    expect(events.find((e) => e.entity_id === 'cpi')!.data.inserted).toBe(15008);
  });

  it('holds the published figures (read by hand from the files)', async () => {
    const fies = await service.valuesFor('fies_2023', [BEL_AIR, MAKATI, NCR, 'PH']);
    expect(fies.map((p) => [p.areaCode, p.indicator, p.value])).toEqual([
      [MAKATI, 'avg_expenditure_thousand_php', 506.9],
      [MAKATI, 'avg_income_thousand_php', 799.54],
      [MAKATI, 'families_thousands', 206],
    ]);
    expect(fies[0]).toMatchObject({ areaLevel: 'city', areaName: 'City of Makati', period: '2023', unit: 'thousand_php', dataset: 'fies_2023' });

    const [ncrCpi] = await service.valuesFor('cpi', [MAKATI, NCR], { indicators: ['cpi'], breakdowns: ['All Items'] }).then((ps) => ps.filter((p) => p.period === '2025-06'));
    expect(ncrCpi).toMatchObject({ areaCode: NCR, areaLevel: 'region', value: 124.3, variant: '', unit: 'index' });

    const crime = await service.valuesFor('crime', [MAKATI, NCR, 'PH'], { indicators: ['index_crimes'] });
    expect(crime[0]).toMatchObject({ areaCode: NCR, period: '2022-01', value: 554 });
    expect(crime).toHaveLength(21);
    const latestCrime = await service.valuesFor('crime', ['PH'], { indicators: ['index_crimes', 'avg_monthly_crime_rate'], latest: true });
    expect(latestCrime.map((p) => [p.period, p.indicator, p.value, p.unit])).toEqual([
      ['2023-09', 'avg_monthly_crime_rate', 26.89, 'per_100k'],
      ['2023-09', 'index_crimes', 2580, 'count'],
    ]);

    const weights = await service.valuesFor('cpi_weights', [MAKATI, NCR], { breakdowns: ['0', '04.1'] });
    expect(weights.map((p) => [p.breakdown, p.value])).toEqual([
      ['0', 20.29191701],
      ['04.1', 3.64501094],
    ]);

    const lfs = await service.valuesFor('lfs_annual', [MAKATI], { indicators: ['labor_force_thousands', 'estimate_final'] });
    expect(lfs.map((p) => [p.period, p.indicator, p.value])).toEqual([
      ['2024', 'estimate_final', 1],
      ['2024', 'labor_force_thousands', 352.732],
      ['2025', 'estimate_final', 0],
      ['2025', 'labor_force_thousands', 355.348],
    ]);

    const managers = await service.valuesFor('lfs_occupation', [MAKATI, NCR], { breakdowns: ['Managers', ''] });
    expect(managers.map((p) => [p.indicator, p.breakdown, p.value])).toEqual([
      ['pct_female', 'Managers', 5.812],
      ['pct_male', 'Managers', 5.635],
      ['pct_total', 'Managers', 5.714],
      ['region_employed_thousands', '', 6163.264],
      ['se_pct_total', 'Managers', 0.572],
    ]);

    const rppi = await service.valuesFor('rppi', [MAKATI, 'PH'], { latest: true });
    expect(rppi.map((p) => [p.period, p.indicator, p.value])).toEqual([
      ['2025-Q4', 'nominal_index', 289.794],
      ['2025-Q4', 'nominal_yoy_pct', 1.5676],
      ['2025-Q4', 'real_index', 177.1109],
      ['2025-Q4', 'real_yoy_pct', -0.0837],
    ]);
    expect(await service.valuesFor('rppi', ['9999999999'])).toEqual([]);
  });

  it('takes the series on the Negros Island Region boundaries for the areas that have two, unless one is named', async () => {
    const opts = { indicators: ['cpi'], breakdowns: ['All Items'] };
    const newest = await service.valuesFor('cpi', [WESTERN_VISAYAS], opts);
    expect(new Set(newest.map((p) => p.variant))).toEqual(new Set(['with_NIR']));
    expect(newest.find((p) => p.period === '2025-04')!.value).toBe(126.2);
    const before = await service.valuesFor('cpi', [WESTERN_VISAYAS], { ...opts, variant: 'before_NIR' });
    expect(new Set(before.map((p) => p.variant))).toEqual(new Set(['before_NIR']));
    expect(before.find((p) => p.period === '2025-04')!.value).toBe(130.5);
    expect(before[0].period).toBe('2021-06');
    const latest = await service.valuesFor('inflation', [WESTERN_VISAYAS], { breakdowns: ['All Items'], latest: true });
    expect(latest.map((p) => [p.period, p.variant, p.value])).toEqual([['2026-01', 'with_NIR', 2.3]]);
  });

  it('changes nothing when the same files are imported again', async () => {
    const before = rowsOf<{ dataset: string; imported_at: string }>(await app.db.execute(sql`select dataset, imported_at::text from stat_datasets order by dataset`));
    const again = await service.importStatistics(await service.readStatistics(statisticsFiles([BI])));
    for (const r of again) expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: r.values });
    expect(await count(app)).toBe(TOTAL_VALUES);
    const after = rowsOf<{ dataset: string; imported_at: string }>(await app.db.execute(sql`select dataset, imported_at::text from stat_datasets order by dataset`));
    expect(after).toEqual(before);
  });

  it('reads the published LFS Table 1 workbook to the same values as the CSV', async () => {
    const file = path.join(BI, 'psa-published/psa_lfs_annual_2024-2025_table1_labor_force_by_province.xlsx');
    const [fromBook] = await service.readStatistics([{ file }]);
    const [fromCsv] = await service.readStatistics([{ file: path.join(BI, 'psa_lfs_annual_by_province_2024_2025.csv') }]);
    expect(fromBook.unmatched).toEqual([]);
    const key = (v: ParsedDataset['values'][number]) => `${v.areaCode}|${v.indicator}|${v.period}`;
    const csv = new Map(fromCsv.values.map((v) => [key(v), v.value]));
    // 137 areas × 2 years × (population 15+, labour force, LFPR, estimate_final)
    expect(fromBook.values).toHaveLength(137 * 2 * 4);
    for (const v of fromBook.values) expect([key(v), v.value]).toEqual([key(v), csv.get(key(v))]);
    const [result] = await service.importStatistics([fromBook]);
    expect(result).toMatchObject({ dataset: 'lfs_annual', inserted: 0, updated: 0, unchanged: 137 * 2 * 4 });
  });

  it('refuses a file whose columns are not the published layout, naming the file and the column', async () => {
    const file = path.join(tmp, 'psa_fies_2023_income_expenditure_by_province.csv');
    writeFileSync(file, '"Region, Province, and HUC",Number of Families  (In thousands),Average Income (In thousands)\nPhilippines,27480.0,353.23\n');
    await expect(service.readStatistics([{ file }])).rejects.toBeInstanceOf(StatImportError);
    await expect(service.readStatistics([{ file }])).rejects.toThrow(
      /^psa_fies_2023_income_expenditure_by_province\.csv: not the published layout of fies_2023: missing column 'Average Expenditure \(In thousands\)'/,
    );
    const bad = path.join(tmp, 'pnp_crime_bad.csv');
    writeFileSync(bad, 'month,pnp_office,region_code,region_name,murder,index_crimes,total_crime_incidents,avg_monthly_crime_rate\n2022-01,NCRPO,NCR,National Capital Region (NCR),23,five hundred,6827,46.16\n');
    await expect(service.readStatistics([{ file: bad }])).rejects.toThrow("pnp_crime_bad.csv: line 2, column 'index_crimes': 'five hundred' is not a number");
    await expect(service.readStatistics([{ file: path.join(BI, 'psa-published/psa_lfs_2025-04_table7_employed_by_sex_region_occupation.xls') }])).rejects.toThrow(/\.xls\) are not read/);
    await expect(service.readStatistics([{ file: path.join(tmp, 'mystery.csv') }])).rejects.toThrow(/cannot tell which dataset .* give --dataset/);
  });

  it('lists the rows whose area matches no place and imports the rest', async () => {
    const file = path.join(tmp, 'pnp_crime_unmatched.csv');
    writeFileSync(
      file,
      'month,pnp_office,region_code,region_name,murder,index_crimes,total_crime_incidents,avg_monthly_crime_rate\n' +
        '2030-01,NCRPO,NCR,National Capital Region (NCR),1,2,3,4.5\n' +
        '2030-01,PRO X,XX,Region of Atlantis,1,2,3,4.5\n',
    );
    const [parsed] = await service.readStatistics([{ file }]);
    expect(parsed.unmatched).toEqual([{ line: 3, name: 'Region of Atlantis', reason: "no PSGC region is named like 'Region of Atlantis'" }]);
    expect(parsed.values.map((v) => v.areaCode)).toEqual([NCR, NCR, NCR, NCR]);
  });

  it('writes nothing when a dataset fails part-way (one transaction)', async () => {
    const before = await count(app);
    const [good] = await service.readStatistics([{ file: path.join(BI, 'bis_residential_property_prices_philippines.csv') }]);
    const changed: ParsedDataset = { ...good, values: good.values.map((v) => ({ ...v, value: (v.value ?? 0) + 1 })) };
    const broken: ParsedDataset = { ...good, dataset: 'crime', values: [{ ...good.values[0], unit: null as unknown as string }] };
    await expect(service.importStatistics([changed, broken])).rejects.toThrow();
    expect(await count(app)).toBe(before);
    const [rppi] = await service.valuesFor('rppi', ['PH'], { indicators: ['nominal_index'], latest: true });
    expect(rppi.value).toBe(289.794);
  });
});

d('market-data: the bundled statistics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads into an empty database once, and is exactly what the importers read from the shipped files', async () => {
    expect(await loadBundledStatistics(app.app)).toEqual({ datasets: 9, values: TOTAL_VALUES });
    expect(await loadBundledStatistics(app.db)).toBeNull();
    const service = app.app.get(MarketDataService);
    expect((await service.datasets()).map((x) => x.dataset).sort()).toEqual(['cpi', 'cpi_weights', 'crime', 'fies_2023', 'inflation', 'lfs_annual', 'lfs_industry', 'lfs_occupation', 'rppi']);
    const results = await service.importStatistics(await service.readStatistics(statisticsFiles([BI])));
    for (const r of results) expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: r.values });
    expect(await count(app)).toBe(TOTAL_VALUES);
  }, 60_000);
});

describe('market-data: BIR zonal values', () => {
  let app: TestApp;
  let service: MarketDataService;
  let tmp: string;
  const header = [
    ['REVENUE REGION NO. 8A - MAKATI CITY', null, null, null],
    ['RDO No. 50 - South Makati', null, null, null],
    ['Department Order No. 024-2022', null, null, null],
    ['Effectivity Date:', 'June 1, 2022', null, null],
    [null, null, null, null],
    ['STREET/SUBDIVISION', 'VICINITY', 'CLASSIFICATION', 'ZONAL VALUE PER SQ.M.'],
  ];
  const body = [
    ['BARANGAY: BEL-AIR', null, null, null],
    ['AYALA AVENUE', 'PASEO DE ROXAS - BUENDIA', 'CR', 500000],
    ['JUPITER STREET', 'ALL', 'RR', '250,000.00'],
    ['STREET/SUBDIVISION', 'VICINITY', 'CLASSIFICATION', 'ZONAL VALUE PER SQ.M.'],
    ['EDSA', 'ALL', 'CR', '-'],
    ['Brgy. San Lorenzo', null, null, null],
    ['ARNAIZ AVENUE', 'ALL', 'CR', 350000],
    ['ATLANTIS', null, null, null],
    ['SUNKEN STREET', 'ALL', 'RR', 100000],
    ['Note: values in pesos per square metre', null, null, null],
  ];
  const write = (name: string, rows: (string | number | null)[][]) => {
    const file = path.join(tmp, name);
    writeFileSync(file, xlsx({ 'RDO 50': rows }));
    return file;
  };

  beforeAll(async () => {
    app = await startTestApp();
    service = app.app.get(MarketDataService);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'zonal-'));
  });
  afterAll(async () => {
    await app?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('reads the BIR layout, matches barangays within the city, and a re-import changes nothing', async () => {
    const file = write('rdo50.xlsx', [...header, ...body]);
    const book = await service.readZonalWorkbook(file);
    expect(book).toMatchObject({ rdo: '50', departmentOrder: '024-2022', effectiveDate: '2022-06-01' });
    expect(book.rows.map((r) => [r.barangayName, r.street, r.classification, r.valuePerSqm])).toEqual([
      ['BEL-AIR', 'AYALA AVENUE', 'CR', 500000],
      ['BEL-AIR', 'JUPITER STREET', 'RR', 250000],
      ['San Lorenzo', 'ARNAIZ AVENUE', 'CR', 350000],
      ['ATLANTIS', 'SUNKEN STREET', 'RR', 100000],
    ]);
    const first = await service.importZonal(book, MAKATI);
    expect(first).toMatchObject({ rows: 4, matched: 3, unmatchedBarangays: ['ATLANTIS'], inserted: 4, removed: 0, sourceKey: 'RDO 50 / DO 024-2022' });
    const belAir = await service.zonalValues(BEL_AIR);
    expect(belAir.map((z) => [z.street, z.vicinity, z.classification, z.valuePerSqm, z.rdo, z.departmentOrder, z.effectiveDate])).toEqual([
      ['AYALA AVENUE', 'PASEO DE ROXAS - BUENDIA', 'CR', 500000, '50', '024-2022', '2022-06-01'],
      ['JUPITER STREET', 'ALL', 'RR', 250000, '50', '024-2022', '2022-06-01'],
    ]);
    const ids = rowsOf<{ id: string }>(await app.db.execute(sql`select id from zonal_values order by id`));
    const again = await service.importZonal(await service.readZonalWorkbook(file), MAKATI);
    expect(again).toMatchObject({ inserted: 0, removed: 0, unchanged: 4 });
    expect(rowsOf<{ id: string }>(await app.db.execute(sql`select id from zonal_values order by id`))).toEqual(ids);
  });

  it('replaces the rows of the same RDO and Department Order with a newer file', async () => {
    const rows = [...header, ['BARANGAY: BEL-AIR', null, null, null], ['AYALA AVENUE', 'PASEO DE ROXAS - BUENDIA', 'CR', 550000]];
    const result = await service.importZonal(await service.readZonalWorkbook(write('rdo50-v2.xlsx', rows)), MAKATI);
    expect(result).toMatchObject({ rows: 1, inserted: 1, removed: 4 });
    expect((await service.zonalValues(BEL_AIR)).map((z) => [z.street, z.valuePerSqm])).toEqual([['AYALA AVENUE', 550000]]);
    expect(rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from zonal_values`))[0].n).toBe(1);
  });

  it('refuses a workbook without the RDO or the table header, and a city that is not one', async () => {
    await expect(service.readZonalWorkbook(write('no-rdo.xlsx', [...header.slice(2), ...body]))).rejects.toThrow("no-rdo.xlsx: the header block above the table names no RDO (e.g. 'RDO No. 50 - South Makati')");
    await expect(service.readZonalWorkbook(write('no-table.xlsx', header.slice(0, 4)))).rejects.toThrow(/no-table\.xlsx: not a BIR zonal-value layout: no table header/);
    const book = await service.readZonalWorkbook(write('ok.xlsx', [...header, ...body]));
    await expect(service.importZonal(book, BEL_AIR)).rejects.toThrow(/--city 1380300002 is not a city or municipality/);
    await expect(service.importZonal(book, 'makati')).rejects.toThrow(/--city must be a 10-digit PSGC city or municipality code/);
  });
});
