import { referencePlaceRecords } from '../../places/reference-places';
import { PlaceNameIndex, normalizePlace, placeKeys } from './place-names';

describe('built-in assistant: place names against the PSGC reference names', () => {
  const all = referencePlaceRecords();
  const index = new PlaceNameIndex(
    all.filter((p) => p.level !== 'barangay'),
    all.filter((p) => p.level === 'barangay'),
  );
  const code = (name: string, level: string, within?: string) =>
    all.find((p) => p.name === name && p.level === level && (!within || p.cityCode === within || p.provinceCode === within))?.code;

  it.each([
    ['condo in Makati', 'Makati City', 'city'],
    ['condo in QC', 'Quezon City', 'city'],
    ['house in Metro Manila', 'National Capital Region (NCR)', 'region'],
    ['lot in Cebu', 'Cebu', 'province'],
    ['condo in Cebu City', 'Cebu City', 'city'],
    ['3BR condo in Cebu IT Park', 'Apas', 'barangay'],
    ['apartment in BGC', 'Fort Bonifacio', 'barangay'],
    ['condo in Lahug, Cebu City', 'Lahug', 'barangay'],
    ['studio near Lahug', 'Lahug', 'barangay'],
    ['rent in Parañaque', 'Parañaque City', 'city'],
    ['lot in Calabarzon', 'Region IV-A (CALABARZON)', 'region'],
    ['house in Quezon', 'Quezon', 'province'],
    ['house in Salcedo, Eastern Samar', 'Salcedo', 'municipality'],
    ['lot in San Jose, Batangas', 'San Jose', 'municipality'],
    ['condo in San Antonio, Pasig', 'San Antonio', 'barangay'],
  ])('%s → %s', (question, name, level) => {
    const m = index.match(question);
    expect(m).toMatchObject({ name, level, confident: true });
  });

  it('picks the town inside the province named with it', () => {
    expect(index.match('lot in San Jose, Batangas')?.code).toBe(code('San Jose', 'municipality', '0401000000'));
    expect(index.match('condo in San Antonio, Pasig')?.code).toBe(code('San Antonio', 'barangay', '1381200000'));
  });

  it('passes an ambiguous name as a name, and ignores common words', () => {
    expect(index.match('house and lot in San Jose')).toMatchObject({ phrase: 'San Jose', confident: false });
    expect(index.match('a real good house for sale')).toBeNull();
    expect(index.match('what is the market price of a lot')).toBeNull();
  });

  it('knows a name by its PSGC and its everyday forms', () => {
    expect(placeKeys('City of Makati').map((k) => k.key)).toEqual(expect.arrayContaining(['city of makati', 'makati']));
    expect(placeKeys('Makati City').map((k) => k.key)).toEqual(expect.arrayContaining(['makati city', 'makati']));
    expect(placeKeys('National Capital Region (NCR)').map((k) => k.key)).toEqual(expect.arrayContaining(['ncr', 'national capital region']));
    expect(normalizePlace('Parañaque')).toBe('paranaque');
  });
});
