import { BadRequestException } from '@nestjs/common';
import { applySelection, parseListQuery, type ResourceQuerySpec } from './list-query';

const spec: ResourceQuerySpec<'createdAt' | 'name' | 'price'> = {
  resource: 'thing',
  selectable: ['name', 'price', 'owner'],
  sortable: ['createdAt', 'name', 'price'],
  relations: ['owner'],
  defaultSort: '-createdAt',
  maxLimit: 50,
};

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestException);
    return (e as BadRequestException).message;
  }
  throw new Error('expected a 400');
};

describe('parseListQuery', () => {
  it('applies the defaults: page 1, limit 10, newest first', () => {
    expect(parseListQuery({}, spec)).toEqual({
      select: null,
      exclude: [],
      populate: [],
      sort: [{ field: 'createdAt', direction: 'desc' }],
      limit: 10,
      skip: 0,
      page: 1,
      lean: false,
    });
  });

  it('turns page into skip and lets skip override page', () => {
    expect(parseListQuery({ page: '3', limit: '5' }, spec)).toMatchObject({ skip: 10, page: 3, limit: 5 });
    expect(parseListQuery({ page: '3', limit: '5', skip: '7' }, spec)).toMatchObject({ skip: 7, page: 2 });
  });

  it('caps the limit at the resource ceiling', () => {
    expect(parseListQuery({ limit: '5000' }, spec).limit).toBe(50);
  });

  it('reads select in space, comma, array and exclusion forms, always keeping _id', () => {
    expect(parseListQuery({ select: 'name price' }, spec).select).toEqual(['_id', 'name', 'price']);
    expect(parseListQuery({ select: ['name,price'] }, spec).select).toEqual(['_id', 'name', 'price']);
    expect(parseListQuery({ select: '-price' }, spec)).toMatchObject({ select: null, exclude: ['price'] });
    expect(message(() => parseListQuery({ select: 'name -price' }, spec))).toMatch(/cannot mix/);
    expect(message(() => parseListQuery({ select: 'secret' }, spec))).toBe(
      "Unknown select field 'secret' for thing; allowed: name, price, owner",
    );
  });

  it('reads sort strings and mongo-style objects and refuses unknown fields', () => {
    expect(parseListQuery({ sort: 'name -price' }, spec).sort).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'price', direction: 'desc' },
    ]);
    expect(parseListQuery({ sort: { price: -1 } }, spec).sort).toEqual([{ field: 'price', direction: 'desc' }]);
    expect(message(() => parseListQuery({ sort: 'password' }, spec))).toMatch(/Unknown sort field 'password'/);
    expect(message(() => parseListQuery({ sort: { price: 'up' } }, spec))).toMatch(/sort direction/);
  });

  it('reads populateArray as a list, JSON or objects and refuses unknown relations', () => {
    expect(parseListQuery({ populateArray: 'owner' }, spec).populate).toEqual([{ path: 'owner' }]);
    expect(parseListQuery({ populateArray: '[{"path":"owner","select":"firstName"}]' }, spec).populate).toEqual([
      { path: 'owner', select: ['firstName'] },
    ]);
    expect(message(() => parseListQuery({ populateArray: [{ path: 'sessions' }] }, spec))).toMatch(/Unknown populateArray relation 'sessions'/);
    expect(message(() => parseListQuery({ populateArray: '[oops' }, spec))).toMatch(/JSON array/);
  });

  it('refuses numbers that are not whole or too small', () => {
    expect(message(() => parseListQuery({ limit: '2.5' }, spec))).toBe('limit must be a whole number from 1 to 1,000,000');
    expect(message(() => parseListQuery({ limit: '0' }, spec))).toBe('limit must be a whole number from 1 to 1,000,000');
    expect(message(() => parseListQuery({ skip: '-1' }, spec))).toBe('skip must be a whole number from 0 to 100,000,000');
    expect(message(() => parseListQuery({ lean: 'maybe' }, spec))).toBe('lean must be true or false');
  });

  it('refuses huge, exponent and non-finite page, limit and skip with the range, and accepts the largest', () => {
    const pageRange = 'page must be a whole number from 1 to 1,000,000';
    for (const page of ['1e3', '99999999999999999999', '1000001', 1e300, Infinity, NaN, 2 ** 53, '0x10', ['1']]) {
      expect(message(() => parseListQuery({ page }, spec))).toBe(pageRange);
    }
    expect(message(() => parseListQuery({ skip: 1e20 }, spec))).toBe('skip must be a whole number from 0 to 100,000,000');
    expect(message(() => parseListQuery({ limit: '1e300' }, spec))).toBe('limit must be a whole number from 1 to 1,000,000');
    expect(parseListQuery({ page: '1000000', limit: '1000000' }, spec)).toMatchObject({ page: 1_000_000, limit: 50, skip: 49_999_950 });
  });
});

describe('applySelection', () => {
  const item = { _id: '1', name: 'A', price: 5, owner: 'x' };
  it('keeps the selected fields or drops the excluded ones', () => {
    expect(applySelection(item, { select: ['_id', 'name'], exclude: [] })).toEqual({ _id: '1', name: 'A' });
    expect(applySelection(item, { select: null, exclude: ['owner'] })).toEqual({ _id: '1', name: 'A', price: 5 });
    expect(applySelection(item, { select: null, exclude: [] })).toBe(item);
  });
});
