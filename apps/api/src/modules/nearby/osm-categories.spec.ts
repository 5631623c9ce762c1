import { NEARBY_CATEGORIES } from '@app/domain';
import { categoriesOf, isNearbyCategory, MAP_LAYER_CATEGORIES, OSM_CATEGORY_KEYS, OSM_CATEGORY_RULES, POI_CATEGORIES } from './osm-categories';

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

  it('has a rule for each of the ten categories and the two map layers, and lists every key the rules read', () => {
    expect(Object.keys(OSM_CATEGORY_RULES).sort()).toEqual([...NEARBY_CATEGORIES, ...MAP_LAYER_CATEGORIES].sort());
    expect(POI_CATEGORIES).toEqual([...NEARBY_CATEGORIES, 'transport hubs', 'residential areas']);
    expect(POI_CATEGORIES.filter(isNearbyCategory)).toEqual([...NEARBY_CATEGORIES]);
    expect([...OSM_CATEGORY_KEYS].sort()).toEqual(
      ['admin_type:PH', 'aeroway', 'amenity', 'building', 'healthcare', 'industrial', 'landuse', 'office', 'place', 'public_transport', 'railway', 'shop', 'tourism'].sort(),
    );
  });
});

describe('categoriesOf: the map layers (transport hubs, residential areas)', () => {
  it.each([
    // transport hubs: stations and terminals as mapped in Legazpi and Metro Manila
    [{ amenity: 'bus_station', public_transport: 'station', name: 'Legazpi Grand Central Terminal' }, ['transport hubs']],
    [{ amenity: 'bus_station', building: 'yes', name: 'Legazpi UV Express Terminal' }, ['transport hubs']],
    [{ public_transport: 'station', railway: 'station', station: 'subway', name: 'Ayala' }, ['transport hubs']],
    [{ railway: 'halt', name: 'Senate' }, ['transport hubs']],
    [{ amenity: 'ferry_terminal' }, ['transport hubs']],
    [{ building: 'transportation', name: 'Legazpi City Bus Terminal' }, ['transport hubs']],
    [{ building: 'shed', name: 'Legazpi Jeepney Terminal' }, ['transport hubs']],
    // residential areas: named subdivisions and villages
    [{ landuse: 'residential', name: 'Imperial Court Subdivision' }, ['residential areas']],
    [{ landuse: 'residential', name: 'Ibalong Village', type: 'multipolygon' }, ['residential areas']],
    [{ place: 'neighbourhood', name: 'Forbes Park' }, ['residential areas']],
  ])('%j → %j', (tags, expected) => {
    expect(categoriesOf(tags)).toEqual(expected);
  });

  it.each([
    [{ public_transport: 'stop_position', bus: 'yes', name: 'Legazpi City Grand Central Terminal' }],
    [{ public_transport: 'platform', railway: 'platform', name: 'Legazpi' }],
    [{ highway: 'bus_stop', name: 'Terminal' }],
    [{ highway: 'tertiary', name: 'Terminal Road 2' }],
    [{ landuse: 'industrial', name: 'Petron Legazpi Terminal' }],
    [{ aeroway: 'terminal', building: 'transportation', name: 'Legazpi Airport Terminal' }],
    [{ amenity: 'bus_station', disused: 'yes' }],
    [{ landuse: 'residential' }],
    [{ landuse: 'residential', name: '  ' }],
    [{ place: 'neighbourhood', name: 'Purok 3', 'admin_type:PH': 'purok' }],
    [{ place: 'neighbourhood', name: 'Purok 1' }],
    [{ place: 'neighbourhood', name: 'Sitio Maligaya' }],
    [{ place: 'quarter', name: 'Victory Village South', 'admin_type:PH': 'barangay' }],
    [{ place: 'neighbourhood', name: 'Imperial Court Subd.', 'admin_type:PH': 'barangay' }],
  ])('%j → no category', (tags) => {
    expect(categoriesOf(tags)).toEqual([]);
  });

  it('a feature in a nearby category and a map layer has both, the nearby one first', () => {
    expect(categoriesOf({ amenity: 'bus_station', shop: 'mall', name: 'Araneta City Bus Port' })).toEqual(['malls', 'transport hubs']);
  });
});
