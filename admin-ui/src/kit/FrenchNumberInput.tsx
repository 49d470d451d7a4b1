import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { formatDecimalForInput, parseFrenchDecimal } from '@examens-pro/domain';

export const INVALID_NUMBER = 'Nombre invalide : saisissez par exemple 2,5 ou 12.';

/** The text shown for a form value: a number with a comma, a text that is no number as typed. */
const textOf = (value: unknown): string =>
  typeof value === 'number' ? formatDecimalForInput(value) : typeof value === 'string' ? value : '';

/** Whether the text typed already stands for the form's value (« 2, » for 2, « » for none). */
const stands = (text: string, value: unknown): boolean => {
  const parsed = parseFrenchDecimal(text);
  // No value: nothing typed, or (in a filter bar) a number still being typed (« - »).
  if (value === null || value === undefined || value === '')
    return parsed === null || Number.isNaN(parsed);
  if (typeof value === 'string') return value === text;
  return parsed === value;
};

/**
 * A number typed as staff write it, whatever the browser's language: « 2,5 » or « 2.5 », group
 * spaces allowed (« 1 000 »), shown back with a comma (seed §9). A text that is no number stays
 * as typed, under a French message, and is never sent.
 */
export const FrenchNumberInput = (
  props: InputProps & {
    helperText?: string | false;
    disabled?: boolean;
    alwaysOn?: boolean;
    fullWidth?: boolean;
    /** In a filter bar: a text that is no number filters nothing (rather than being sent). */
    filter?: boolean;
  },
) => {
  const { alwaysOn: _alwaysOn, fullWidth = true, filter = false, ...rest } = props;
  const { field, fieldState, formState, isRequired } = useInput({
    ...rest,
    // The value as stored: a number, or null when empty (react-admin's default shows null as '').
    format: (value: unknown) => value,
    validate: [
      ...[rest.validate ?? []].flat(),
      (value: unknown) => (typeof value === 'string' && value !== '' ? INVALID_NUMBER : undefined),
    ],
  });
  const [text, setText] = useState(() => textOf(field.value));
  // A value set from outside (the record loaded, a reset, a default) replaces what is shown.
  useEffect(() => {
    setText((typed) => (stands(typed, field.value) ? typed : textOf(field.value)));
  }, [field.value]);
  // As react-admin's inputs: a message once the field was left or the form sent.
  const error =
    fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={<FieldTitle label={rest.label} source={rest.source} isRequired={isRequired} />}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const parsed = parseFrenchDecimal(typed);
        field.onChange(
          parsed === null ? null : Number.isNaN(parsed) ? (filter ? null : typed) : parsed,
        );
      }}
      onBlur={() => {
        // « 2,50 » reads back as « 2,5 », « 2.5 » as « 2,5 »: the form shows what it will send.
        if (typeof field.value === 'number') setText(textOf(field.value));
        field.onBlur();
      }}
      disabled={rest.disabled}
      error={Boolean(error)}
      helperText={
        // react-admin's validators' messages come encoded (`@@react-admin@@"…"`): read as its inputs do.
        error || rest.helperText ? (
          <InputHelperText error={error} helperText={rest.helperText} />
        ) : undefined
      }
      variant="filled"
      fullWidth={fullWidth}
      size="small"
      margin="dense"
      className="ra-input"
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      sx={{ mb: 1 }}
    />
  );
};
