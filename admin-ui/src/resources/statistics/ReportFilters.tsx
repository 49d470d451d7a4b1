import { MenuItem, TextField } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import type { ReportDeclaration } from '@examens-pro/domain';
import { FilterSelect, SexFilter } from '../../common/filters';
import { STORED_DAY, useTypedDay } from '../../kit/typedDay';
import type { ReportState } from './useReport';

/** A day that filters: valid, and no year still being typed (0002, 0020, 0202…). */
const filtering = (day: Dayjs | null): string =>
  day && day.isValid() && day.year() >= 1900 ? day.format(STORED_DAY) : '';

/** A day of the period, typed and shown DD/MM/YYYY (MUI X's picker, in French). */
const DayFilter = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) => {
  const [typed, setTyped] = useTypedDay(value);
  return (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={typed}
      onChange={(next: Dayjs | null) => {
        setTyped(next);
        if (next === null) onChange('');
        else if (filtering(next)) onChange(filtering(next));
      }}
      slotProps={{
        // As the other filters: filled.
        textField: { variant: 'filled', sx: { width: 180 } },
        field: { clearable: true },
      }}
    />
  );
};

/**
 * The report's filters, each only where it applies, and « Par » (the rows) when it has views: the
 * fields of the report layout's filters bar.
 */
export const ReportFilters = ({
  report,
  state: { choices, get, view, applies, change, departements },
}: {
  report: ReportDeclaration;
  state: ReportState;
}) => (
  <>
    {report.filters.includes('session') ? (
      <TextField
        select
        fullWidth={false}
        label="Session"
        value={
          applies('session') && choices?.sessions.some((s) => s.id === get('sessionId'))
            ? get('sessionId')
            : ''
        }
        onChange={(e) => change({ sessionId: e.target.value })}
        disabled={!applies('session')}
        helperText={applies('session') ? undefined : 'Toutes les sessions'}
        sx={{ minWidth: 220 }}
      >
        {(choices?.sessions ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.libelle}
          </MenuItem>
        ))}
      </TextField>
    ) : null}
    {report.views.length > 1 ? (
      <TextField
        select
        fullWidth={false}
        label="Par"
        value={view.key}
        onChange={(e) => change({ vue: e.target.value })}
        sx={{ minWidth: 200 }}
      >
        {report.views.map((v) => (
          <MenuItem key={v.key} value={v.key}>
            {v.label}
          </MenuItem>
        ))}
      </TextField>
    ) : null}
    {applies('zone') ? (
      <FilterSelect
        label="Zone"
        value={get('zoneId')}
        onChange={(zoneId) => change({ zoneId, departementId: '' })}
        items={choices?.zones ?? []}
        all="Toutes"
        minWidth={170}
      />
    ) : null}
    {applies('departement') ? (
      <FilterSelect
        label="Département"
        value={get('departementId')}
        onChange={(departementId) => change({ departementId })}
        items={departements}
        minWidth={190}
      />
    ) : null}
    {applies('metier') ? (
      <FilterSelect
        label="Métier"
        value={get('metierId')}
        onChange={(metierId) => change({ metierId })}
        items={choices?.metiers ?? []}
        minWidth={190}
      />
    ) : null}
    {applies('sexe') ? (
      <SexFilter value={get('sexe')} onChange={(sexe) => change({ sexe })} minWidth={140} />
    ) : null}
    {applies('periode') ? (
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
        <DayFilter label="Du" value={get('du')} onChange={(du) => change({ du })} />
        <DayFilter label="Au" value={get('au')} onChange={(au) => change({ au })} />
      </LocalizationProvider>
    ) : null}
  </>
);
