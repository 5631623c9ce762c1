import { describe, expect, it } from 'vitest';
import { compareHref, DEFAULT_OPTIONS, parseCompare, parseReportHref, parseReportOptions, pickerHref, reportHref } from './url-state';

describe('market reports: the URL is the report', () => {
  it('builds a report address with only what differs from the defaults, and reads it back', () => {
    expect(reportHref('1380300027', 'demographics')).toBe('/market/1380300027/demographics');
    const href = reportHref('1380300027', 'historic_and_current', { offer: 'rent', kind: 'condominium', view: 'table' });
    expect(href).toBe('/market/1380300027/historic_and_current?offer=rent&kind=condominium&view=table');
    expect(parseReportHref(href)).toEqual({ area: '1380300027', group: 'historic_and_current', offer: 'rent', kind: 'condominium', view: 'table' });
  });

  it('reads anything unknown as its default and refuses paths that are not reports', () => {
    expect(parseReportOptions('?offer=lease&kind=castle&view=pie')).toEqual(DEFAULT_OPTIONS);
    expect(parseReportOptions('offer=rent&kind=all')).toEqual({ ...DEFAULT_OPTIONS, offer: 'rent' });
    expect(parseReportHref('/market/1380300027/horoscope')).toBeNull();
    expect(parseReportHref('/market/makati/demographics')).toBeNull();
    expect(parseReportHref('/listings?q=1')).toBeNull();
  });

  it('keeps the picker’s place and options, without the view', () => {
    expect(pickerHref(null)).toBe('/market');
    expect(pickerHref('1380300027', { offer: 'rent', view: 'table' })).toBe('/market?area=1380300027&offer=rent');
  });

  it('compares at most four distinct valid areas, in order, with readable commas', () => {
    const state = parseCompare('?areas=1380300027,bogus,1380300027,1381500000,1374000000,0722170000,1130700000&group=market_cycles&offer=rent');
    expect(state).toEqual({ areas: ['1380300027', '1381500000', '1374000000', '0722170000'], group: 'market_cycles', offer: 'rent', kind: 'all' });
    expect(compareHref(state)).toBe('/market/compare?areas=1380300027,1381500000,1374000000,0722170000&group=market_cycles&offer=rent');
    expect(parseCompare('').group).toBe('historic_and_current');
    expect(compareHref({ areas: [] })).toBe('/market/compare');
  });
});
