import { NEARBY_CATEGORIES } from '@app/domain';
import { categoriesOf, OSM_CATEGORY_KEYS, OSM_CATEGORY_RULES } from './osm-categories';

describe('categoriesOf', () => {
  it.each([
    [{ amenity: 'restaurant' }, ['restaurants']],
    [{ amenity: 'fast_food', name: 'Jollibee' }, ['restaurants']],
    [{ amenity: 'cafe' }, ['restaurants']],
    [{ amenity: 'food_court' }, ['restaurants']],
    [{ shop: 'mall', name: 'Greenbelt 5' }, ['malls']],
    [{ shop: 'department_store' }, ['malls']],
    [{ building: 'retail', name: 'SM City Marikina Mall' }, ['malls']],
    [{ building: 'commercial', name: 'Robinsons mall' }, ['malls']],
    [{ amenity: 'school' }, ['schools']],
    [{ amenity: 'college' }, ['schools']],
    [{ amenity: 'university' }, ['schools']],
    [{ amenity: 'kindergarten' }, ['schools']],
    [{ amenity: 'hospital' }, ['hospitals']],
    [{ amenity: 'clinic' }, ['hospitals']],
    [{ healthcare: 'hospital' }, ['hospitals']],
    [{ amenity: 'fuel', brand: 'Petron' }, ['gas stations']],
    [{ tourism: 'hotel' }, ['hotels']],
    [{ tourism: 'motel' }, ['hotels']],
    [{ tourism: 'guest_house' }, ['hotels']],
    [{ tourism: 'hostel' }, ['hotels']],
    [{ amenity: 'townhall' }, ['government buildings']],
    [{ amenity: 'courthouse' }, ['government buildings']],
    [{ amenity: 'police' }, ['government buildings']],
    [{ office: 'government' }, ['government buildings']],
    [{ building: 'government' }, ['government buildings']],
    [{ amenity: 'fire_station' }, ['firestations']],
    [{ amenity: 'bank' }, ['banks']],
    [{ building: 'warehouse' }, ['warehouses']],
    [{ landuse: 'industrial', industrial: 'warehouse' }, ['warehouses']],
    [{ landuse: 'industrial', name: 'Pasig Warehouses Complex' }, ['warehouses']],
  ])('%j → %j', (tags, expected) => {
    expect(categoriesOf(tags)).toEqual(expected);
  });

  it.each([
    [{}],
    [{ amenity: 'atm' }],
    [{ amenity: 'bar' }],
    [{ amenity: 'pharmacy' }],
    [{ amenity: 'dentist' }],
    [{ highway: 'primary', name: 'EDSA' }],
    [{ building: 'retail' }],
    [{ building: 'retail', name: 'Ayala Center Offices' }],
    [{ building: 'retail', name: 'Smallville Store' }],
    [{ building: 'yes', name: 'Mall of Asia Arena' }],
    [{ landuse: 'industrial' }],
    [{ landuse: 'industrial', name: 'Laguna Technopark' }],
    [{ name: 'Bank of the Philippine Islands' }],
    [{ 'disused:amenity': 'bank' }],
    [{ amenity: 'bank', disused: 'yes' }],
    [{ amenity: 'school', abandoned: 'yes' }],
  ])('%j → no category', (tags) => {
    expect(categoriesOf(tags)).toEqual([]);
  });

  it('answers no category for missing tags', () => {
    expect(categoriesOf(undefined)).toEqual([]);
    expect(categoriesOf(null)).toEqual([]);
  });

  it('gives every category a feature has, in the spec order', () => {
    expect(categoriesOf({ tourism: 'hotel', amenity: 'restaurant', name: 'Makati Shangri-La' })).toEqual(['restaurants', 'hotels']);
    expect(categoriesOf({ building: 'warehouse', shop: 'department_store' })).toEqual(['malls', 'warehouses']);
  });

  it("reads OSM's ;-separated multiple values and ignores case and spaces", () => {
    expect(categoriesOf({ amenity: 'bank;atm' })).toEqual(['banks']);
    expect(categoriesOf({ amenity: 'cafe; fuel' })).toEqual(['restaurants', 'gas stations']);
    expect(categoriesOf({ amenity: 'Hospital' })).toEqual(['hospitals']);
  });

  it('has a rule for each of the ten categories, and lists every key the rules read', () => {
    expect(Object.keys(OSM_CATEGORY_RULES).sort()).toEqual([...NEARBY_CATEGORIES].sort());
    expect([...OSM_CATEGORY_KEYS].sort()).toEqual(['amenity', 'building', 'healthcare', 'industrial', 'landuse', 'office', 'shop', 'tourism']);
  });
});
