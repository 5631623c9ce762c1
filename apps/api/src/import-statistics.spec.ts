import { parseArgs } from './import-statistics';

describe('import-statistics arguments', () => {
  it('reads the three modes', () => {
    expect(parseArgs(['../shared/data/bi'])).toEqual({ mode: 'statistics', paths: ['../shared/data/bi'] });
    expect(parseArgs(['a.csv', '--dataset', 'crime'])).toEqual({ mode: 'statistics', paths: ['a.csv'], dataset: 'crime' });
    expect(parseArgs(['--zonal', 'rdo50.xlsx', '--city', '1380300000'])).toEqual({ mode: 'zonal', paths: ['rdo50.xlsx'], city: '1380300000' });
    expect(parseArgs(['--compact', 'bi'])).toMatchObject({ mode: 'compact', paths: ['bi'] });
  });

  it('says what is wrong with the arguments', () => {
    expect(() => parseArgs([])).toThrow('Give a folder or a file.');
    expect(() => parseArgs(['a.csv', '--dataset', 'prices'])).toThrow("--dataset 'prices' is not one of fies_2023, lfs_annual, lfs_occupation, lfs_industry, cpi, inflation, cpi_weights, rppi, crime.");
    expect(() => parseArgs(['a.csv', 'b.csv', '--dataset', 'cpi'])).toThrow('--dataset names the dataset of one file: give one file with it.');
    expect(() => parseArgs(['--zonal', 'rdo50.xlsx'])).toThrow('Give --city <PSGC code of the city or municipality the workbook covers>.');
    expect(() => parseArgs(['a.csv', '--city', '1380300000'])).toThrow('--city is for import:zonal.');
    expect(() => parseArgs(['a.csv', '--force'])).toThrow("Unknown argument '--force'.");
  });
});
