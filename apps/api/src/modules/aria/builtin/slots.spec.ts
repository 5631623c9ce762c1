import { extractSlots, findListingRefs, findMoney, type Slots } from './slots';

describe('built-in assistant: slot extraction', () => {
  const cases: Array<[string, Partial<Slots>]> = [
    // money in its common forms
    ['3-bedroom condo for rent in Cebu IT Park under ₱60k', { offer: 'rent', kinds: ['condominium'], bedrooms: 3, maxPrice: 60_000 }],
    ['condo under 60,000 a month', { maxPrice: 60_000, offer: 'rent', kinds: ['condominium'] }],
    ['house for sale P6M', { price: 6_000_000, offer: 'sale', kinds: ['house_and_lot'] }],
    ['a house worth 6 million', { price: 6_000_000, kinds: ['house_and_lot'] }],
    ['lot for sale Php 2.5M', { price: 2_500_000, kinds: ['lot'], offer: 'sale' }],
    ['is ₱180k/m² fair for a Makati condo?', { pricePerSqm: 180_000, kinds: ['condominium'] }],
    ['is 150,000 per sqm too much?', { pricePerSqm: 150_000 }],
    ['condo under 60k', { maxPrice: 60_000 }],
    ['house between 3M and 5M', { minPrice: 3_000_000, maxPrice: 5_000_000 }],
    ['townhouse 3M to 5M', { minPrice: 3_000_000, maxPrice: 5_000_000, kinds: ['townhouse'] }],
    ['condo 3-5M', { minPrice: 3_000_000, maxPrice: 5_000_000 }],
    ['apartment, budget 25k a month', { maxPrice: 25_000, offer: 'rent', kinds: ['apartment'] }],
    ['office below PHP 1.2 million', { maxPrice: 1_200_000, kinds: ['office'] }],
    ['over ₱10M house and lot', { minPrice: 10_000_000, kinds: ['house_and_lot'] }],
    ['₱ 45,000 monthly condo', { price: 45_000, offer: 'rent' }],
    ['at most 20k pesos studio', { maxPrice: 20_000, bedrooms: 0 }],
    ['a 1.5B warehouse', { price: 1_500_000_000, kinds: ['warehouse'] }],
    // bedrooms
    ['3BR condo', { bedrooms: 3 }],
    ['2 BR apartment', { bedrooms: 2, kinds: ['apartment'] }],
    ['three bedroom house', { bedrooms: 3, kinds: ['house_and_lot'] }],
    ['4 bedrooms townhouse', { bedrooms: 4, kinds: ['townhouse'] }],
    ['studio for rent in Makati', { bedrooms: 0, offer: 'rent' }],
    ['bahay na may tatlong kwarto', { bedrooms: 3, kinds: ['house_and_lot'] }],
    // kinds and offer
    ['condominium unit for lease', { kinds: ['condominium'], offer: 'rent' }],
    ['house and lot in Davao', { kinds: ['house_and_lot'] }],
    ['vacant lot in Batangas', { kinds: ['lot'] }],
    ['commercial space for rent', { kinds: ['commercial_space'], offer: 'rent' }],
    ['warehouse paupahan sa Valenzuela', { kinds: ['warehouse'], offer: 'rent' }],
    ['farm land for sale', { kinds: ['farm'], offer: 'sale' }],
    ['lupa na binebenta', { kinds: ['lot'], offer: 'sale' }],
    ['bahay for rent', { kinds: ['house_and_lot'], offer: 'rent' }],
    ['gusto kong bumili ng condo', { kinds: ['condominium'] }],
    ['office space to buy', { kinds: ['office'], offer: 'sale' }],
    ['looking for upa na apartment', { offer: 'rent', kinds: ['apartment'] }],
    // area, furnishing, pets
    ['condo with at least 50 sqm', { minFloorArea: 50 }],
    ['a 60 sqm unit', { floorArea: 60 }],
    ['fully furnished condo', { furnished: true }],
    ['unfurnished apartment', { furnished: false }],
    ['pet friendly apartment', { petFriendly: true }],
    ['apartment where pets are allowed', { petFriendly: true }],
    // loans
    ['monthly on a ₱6M house with Pag-IBIG', { price: 6_000_000, lender: 'pagibig' }],
    ['₱5M condo, bank loan, 20% down, 15 years', { price: 5_000_000, lender: 'bank', downPaymentPct: 20, years: 15 }],
    ['P4M house pagibig 30 yrs 10% dp', { price: 4_000_000, lender: 'pagibig', years: 30, downPaymentPct: 10 }],
    ['₱8M at 7% interest over 20 years', { price: 8_000_000, annualRatePct: 7, years: 20 }],
    ['₱5M with ₱1M down payment', { price: 5_000_000, downPayment: 1_000_000, downPaymentPct: 20 }],
    ['is a ₱7M condo a good investment if I rent it out at 35k a month?', { price: 7_000_000, monthlyRent: 35_000 }],
    ['buying from the developer', { sellerIsHabitualDealer: true, offer: 'sale' }],
    // listing references
    ['compare DEMO-000012 and DEMO-000045', { listings: ['DEMO-000012', 'DEMO-000045'] }],
    ['compare res-001234 vs DEMO-MH-00012', { listings: ['RES-001234', 'DEMO-MH-00012'] }],
  ];

  it.each(cases)('%s', (text, expected) => {
    expect(extractSlots(text)).toMatchObject(expected);
  });

  it('does not read counts, years, areas or codes as money', () => {
    expect(findMoney('3BR 50 sqm for 30 years at 20% down, code RES-001234, year 2025')).toEqual([]);
    const s = extractSlots('3BR condo 50 sqm');
    expect(s.price).toBeUndefined();
    expect(s.maxPrice).toBeUndefined();
  });

  it('does not take a price per m² for an area, nor "house and lot" for a lot', () => {
    const s = extractSlots('is ₱180k/m² fair for a house and lot?');
    expect(s.minFloorArea).toBeUndefined();
    expect(s.floorArea).toBeUndefined();
    expect(s.kinds).toEqual(['house_and_lot']);
  });

  it('leaves unrelated words alone', () => {
    expect(extractSlots('what can you do?')).toEqual({});
    expect(extractSlots('a lot of parking lots near the mall').kinds).toBeUndefined();
  });

  it('reads listing ids and codes once each', () => {
    expect(findListingRefs('DEMO-000012, demo-000012 and 0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual(['DEMO-000012', '0f8fad5b-d9cb-469f-a165-70867728950e']);
    expect(findListingRefs('COVID-19 and Rule 2-98')).toEqual([]);
  });
});
