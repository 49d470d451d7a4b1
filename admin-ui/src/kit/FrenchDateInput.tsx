import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { STORED_DAY, useTypedDay } from './typedDay';

export const INVALID_DATE = 'Date invalide : saisissez-la au format JJ/MM/AAAA.';

/**
 * A calendar day typed and shown DD/MM/YYYY whatever the browser's language (seed §9), stored
 * YYYY-MM-DD: MUI X's date picker with dayjs in French, its chunk loaded with the forms using it.
 */
const FrenchDateInput = (
  props: InputProps & {
    helperText?: string | false;
    disabled?: boolean;
    alwaysOn?: boolean;
    /** The form's width (default), or the picker's own in a filter bar. */
    fullWidth?: boolean;
  },
) => {
  const { alwaysOn: _alwaysOn, fullWidth = true, ...rest } = props;
  const { field, fieldState, isRequired } = useInput({
    ...rest,
    validate: [
      ...[props.validate ?? []].flat(),
      (value: unknown) => (value === INVALID_DATE ? INVALID_DATE : undefined),
    ],
  });
  const storedOf = (next: Dayjs | null) =>
    next === null ? null : next.isValid() ? next.format(STORED_DAY) : INVALID_DATE;
  const [value, setValue] = useTypedDay(field.value);
  const error = fieldState.error?.message;
  // An empty date is typed from its day: entering the field (a click wherever it lands, its
  // label, Tab) selects the day, never the year a click near the field's end would pick.
  const [sections, setSections] = useState<FieldSelectedSections>(null);
  const onSelectedSectionsChange = (next: FieldSelectedSections) =>
    setSections(sections === null && value === null && next !== null && next !== 'all' ? 0 : next);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
      <DatePicker
        label={<FieldTitle label={props.label} source={props.source} isRequired={isRequired} />}
        format="DD/MM/YYYY"
        value={value}
        disabled={props.disabled}
        onChange={(next: Dayjs | null) => {
          setValue(next);
          field.onChange(storedOf(next));
        }}
        slotProps={{
          textField: {
            name: field.name,
            onBlur: field.onBlur,
            error: Boolean(error),
            // react-admin's validators' messages come encoded (`@@react-admin@@"…"`): read as its inputs do.
            helperText:
              error || props.helperText ? (
                <InputHelperText error={error} helperText={props.helperText} />
              ) : undefined,
            // As react-admin's own inputs: filled, the form's width.
            variant: 'filled',
            fullWidth,
            sx: { mb: 1 },
          },
          field: {
            clearable: !isRequired,
            // The field's own props (its sections), which the picker's slot types leave out.
            ...({ selectedSections: sections, onSelectedSectionsChange } as object),
          },
        }}
      />
    </LocalizationProvider>
  );
};

export default FrenchDateInput;
