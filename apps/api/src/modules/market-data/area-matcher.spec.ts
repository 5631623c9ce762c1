import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { referencePlaceRecords } from '../places/reference-places';
import { AreaMatcher, cleanAreaName } from './area-matcher';
import { datasetOfFile, parseStatCsv } from './stat-parsers';

// The official files, read where they are (never copied into the repository).
const BI = path.resolve(__dirname, '../../../../../../shared/data/bi');
const places = referencePlaceRecords().filter((p) => p.level !== 'barangay');
const matcher = new AreaMatcher(places);
const codeOf = (name: string, opts?: Parameters<AreaMatcher['match']>[1]) => {
  const m = matcher.match(name, opts);
  return m.ok ? `${m.code} ${m.level}` : `- ${m.reason}`;
};
const nameOf = (code: string) => places.find((p) => p.code === code)?.name;

describe('AreaMatcher', () => {
  it('matches the ways the files write regions to the same PSGC region', () => {
    const ncr = ['NATIONAL CAPITAL REGION', 'National Capital Region (NCR)', 'NATIONAL CAPITAL REGION  (NCR)', 'NCR'];
    for (const n of ncr) expect(codeOf(n)).toBe('1300000000 region');
    for (const n of ['REGION I - ILOCOS REGION', 'Region I (Ilocos Region)', 'REGION I (ILOCOS REGION)']) expect(codeOf(n)).toBe('0100000000 region');
    for (const n of ['REGION IVA - CALABARZON', 'Region IV-A (CALABARZON)']) expect(codeOf(n)).toBe('0400000000 region');
    expect(codeOf('CARAGA')).toBe('1600000000 region');
    expect(codeOf('Region XIII (Caraga)')).toBe('1600000000 region');
    expect(codeOf('NIR - NEGROS ISLAND REGION')).toBe('1800000000 region');
    expect(codeOf('REGION XII - SOCCSKSARGEN2/')).toBe('1200000000 region');
    expect(codeOf('BANGSAMORO AUTONOMOUS REGION IN MUSLIM MINDANAO3/')).toBe('1900000000 region');
    expect(codeOf('MIMAROPA REGION')).toBe('1700000000 region');
    expect(codeOf('Philippines (all PROs)')).toBe('PH national');
  });

  it('matches provinces and cities whatever their case, "City of" or footnote', () => {
    expect(codeOf('BENGUET (Excluding City of Baguio)')).toBe('1401100000 province');
    expect(codeOf('    City of Baguio')).toBe('1430300000 city');
    expect(codeOf('City of Makati')).toBe('1380300000 city');
    expect(codeOf('Pasay City')).toBe('1381100000 city');
    expect(codeOf('City of Manila')).toBe('1380600000 city');
    expect(codeOf('  Pateros')).toBe('1381701000 city'); // a municipality, stored at the city level
    expect(codeOf('City of Las Piñas')).toBe('1380200000 city');
    expect(codeOf('City of Lapu-lapu')).toBe('0731100000 city');
    expect(codeOf('City of Bacolod (Capital)')).toBe('1830200000 city');
    expect(codeOf('    MAGUINDANAO DEL SUR1/')).toBe('1908800000 province');
    expect(codeOf('Quezon', { kind: 'local' })).toBe('0405600000 province');
    expect(codeOf('Quezon City')).toBe('1381300000 city');
    expect(codeOf('Isabela')).toBe('0203100000 province');
    expect(nameOf(codeOf('City of Isabela').split(' ')[0])).toMatch(/Isabela City/);
    expect(codeOf('Areas Outside National Capital Region (AONCR)')).toMatch(/^- Areas Outside NCR/);
    expect(codeOf('MAGUINDANAO')).toMatch(/^- Maguindanao was divided/);
    expect(codeOf('Atlantis')).toMatch(/^- no PSGC region, province, city or municipality is named like 'Atlantis'/);
    expect(cleanAreaName('  REGION XII - SOCCSKSARGEN2/ ')).toBe('REGION XII - SOCCSKSARGEN');
  });

  it('reads a Latin-1 export (as PSA OpenStat gives some) like its UTF-8 copy', () => {
    const text = 'area_name,area_level,region,year,estimate_status,population_15plus_thousands,labor_force_thousands,lfpr_pct,employed_thousands,employed_cv_pct,employment_rate_pct,unemployed_thousands,unemployed_cv_pct,unemployment_rate_pct\nCity of Las Piñas,province_or_huc,NATIONAL CAPITAL REGION (NCR),2024,final,461.67,280.874,60.839,1,1,1,1,1,1\n';
    const utf8 = parseStatCsv('lfs_annual.csv', Buffer.from(text, 'utf8'), 'lfs_annual', matcher);
    const latin1 = parseStatCsv('lfs_annual.csv', Buffer.from(text, 'latin1'), 'lfs_annual', matcher);
    expect(latin1.values).toEqual(utf8.values);
    expect(utf8.values[0]).toMatchObject({ areaCode: '1380200000', areaName: 'City of Las Piñas' });
  });

  const files = existsSync(BI) ? readdirSync(BI).filter((f) => f.endsWith('.csv') && datasetOfFile(f)) : [];
  (files.length ? it : it.skip)('matches every row of every shipped statistics file (only AONCR and the former Maguindanao left out)', () => {
    expect(files.length).toBe(9);
    const report: Record<string, unknown> = {};
    for (const f of files) {
      const parsed = parseStatCsv(path.join(BI, f), readFileSync(path.join(BI, f)), datasetOfFile(f)!, matcher);
      report[f] = { unmatched: parsed.unmatched, skipped: parsed.skipped };
      expect(parsed.unmatched).toEqual([]);
      for (const s of parsed.skipped) expect(s.reason).toMatch(/^(Areas Outside NCR|Maguindanao was divided)/);
    }
    expect(report['psa_fies_2023_income_expenditure_by_province.csv']).toEqual({ unmatched: [], skipped: [{ reason: expect.stringMatching(/^Maguindanao/), rows: 1 }] });
  });
});
