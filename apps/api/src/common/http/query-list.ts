/** class-transformer `@Transform` for a repeatable query parameter: `?plan=basic` and `?plan=basic&plan=premium` alike as a list. */
export const asQueryList = ({ value }: { value: unknown }) => (value === undefined ? undefined : ([] as unknown[]).concat(value));
