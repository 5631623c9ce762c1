import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { NumericFormat } from 'react-number-format';

export type NumberFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The number as plain digits ("4610000", "1250.5"), or "" when empty. */
  value: string;
  /** Called with plain digits as the person types; the field shows them with thousands separators. */
  onValueChange: (value: string) => void;
  /** Decimal places allowed (2: centavos, square metres to the hundredth). */
  decimalScale?: number;
};

/**
 * A text field for amounts that puts thousands separators in while the person types (4,610,000)
 * and keeps the caret where they are typing; negative numbers cannot be entered. A phone shows its
 * number pad.
 */
export function NumberField({ value, onValueChange, decimalScale = 2, slotProps, ...props }: NumberFieldProps) {
  return (
    <NumericFormat
      {...props}
      customInput={TextField}
      value={value}
      valueIsNumericString
      thousandSeparator=","
      decimalScale={decimalScale}
      allowNegative={false}
      onValueChange={(values) => onValueChange(values.value)}
      slotProps={{ ...slotProps, htmlInput: { inputMode: decimalScale > 0 ? 'decimal' : 'numeric', ...(slotProps?.htmlInput as object) } }}
    />
  );
}
