import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type ReactElement } from 'react';
import {
  Button,
  useDataProvider,
  useGetList,
  useListContext,
  useRedirect,
  useUnselectAll,
} from 'react-admin';
import {
  allows,
  documentRequirement,
  isoFromFrench,
  parseFrenchDecimal,
} from '@examens-pro/domain';
import { formatNumber, plural } from '../common/format';
import type { ExamensDataProvider } from '../dashboard/dataProvider';
import { usePermissions } from '../dashboard/permissions';
import { referenceResource } from './routes';
import { useRouteCan } from './useRouteCan';

/** A value the dialog asks before the action runs (a motif, a payment's amount and date). */
export interface BulkInput {
  readonly name: string;
  readonly label: string;
  /**
   * `reference`: an active item of `reference`; `choice`: one of `choices`; `integer`: typed as
   * staff write it (« 5 000 »).
   */
  readonly type: 'text' | 'integer' | 'date' | 'reference' | 'choice';
  readonly reference?: string;
  readonly choices?: readonly { readonly id: string; readonly name: string }[];
  /** The value the dialog opens with. */
  readonly initial?: string;
  readonly required?: boolean;
  readonly help?: string;
}

/** One action over many rows: the API's name, its button, who may (as the server checks it). */
export interface BulkActionDeclaration {
  readonly action: string;
  readonly label: string;
  readonly icon: ReactElement;
  /** The route's named action whose permission it takes, or a document kind's. */
  readonly permission: { readonly action: string } | { readonly document: string };
  readonly inputs?: readonly BulkInput[];
}

/**
 * A list's actions in bulk (react-admin's bulk action buttons): over the rows chosen or every
 * result of the list's filter, sent as `POST /api/<endpoint>` `{ action, ids | filtre, …inputs }`;
 * the run's outcome is then shown on `resultRoute`'s page of the answered id.
 */
export interface BulkActionsDeclaration {
  readonly endpoint: string;
  readonly resultRoute: string;
  readonly actions: readonly BulkActionDeclaration[];
}

/** An input's value as the API takes it; undefined when it is not one (the message says why). */
const valueOf = (input: BulkInput, text: string): unknown => {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (input.type === 'integer') {
    const n = parseFrenchDecimal(typed);
    return n === null || Number.isNaN(n) ? undefined : n;
  }
  if (input.type === 'date')
    return /^\d{2}\/\d{2}\/\d{4}$/.test(typed) ? isoFromFrench(typed) : undefined;
  return typed;
};

/** One input of the dialog; a reference's active items (by libellé) to choose from. */
const BulkInputField = ({
  input,
  value,
  onChange,
}: {
  input: BulkInput;
  value: string;
  onChange: (value: string) => void;
}) => {
  const reference = input.type === 'reference';
  const { data: items = [] } = useGetList(
    referenceResource(input.reference ?? ''),
    {
      filter: { actif: true },
      sort: { field: 'libelle', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
    },
    { enabled: reference },
  );
  const options = reference
    ? items.map((item) => ({ id: String(item.id), name: String(item.libelle) }))
    : (input.choices ?? []);
  return (
    <TextField
      label={input.label}
      select={reference || input.type === 'choice'}
      required={input.required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={input.help}
      placeholder={input.type === 'date' ? 'JJ/MM/AAAA' : undefined}
      inputProps={{ 'aria-label': input.label }}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The dialog of one action: how many dossiers, what it asks, the server's refusal if any. */
const BulkActionDialog = ({
  declaration,
  action,
  everything,
  onClose,
}: {
  declaration: BulkActionsDeclaration;
  action: BulkActionDeclaration;
  everything: boolean;
  onClose: () => void;
}) => {
  const { selectedIds, filterValues, filter, total = 0 } = useListContext();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const redirect = useRedirect();
  const unselectAll = useUnselectAll(useListContext().resource);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (action.inputs ?? []).flatMap((input) =>
        input.initial === undefined ? [] : [[input.name, input.initial]],
      ),
    ),
  );
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const count = everything ? total : selectedIds.length;
  const inputs = action.inputs ?? [];
  const run = async () => {
    const values: Record<string, unknown> = {};
    for (const input of inputs) {
      const value = valueOf(input, texts[input.name] ?? '');
      if (value === undefined && input.required)
        return setError(`Renseignez « ${input.label} » (${input.help ?? 'obligatoire'}).`);
      if (value !== undefined) values[input.name] = value;
    }
    setPending(true);
    setError(undefined);
    try {
      const answer = await dataProvider.command(declaration.endpoint, {
        data: {
          action: action.action,
          ...(everything ? { filtre: { ...filterValues, ...filter } } : { ids: selectedIds }),
          ...values,
        },
      });
      onClose();
      unselectAll();
      redirect('show', declaration.resultRoute, answer.id);
    } catch (e) {
      setError(
        (e as Error & { body?: { message?: string } }).body?.message ?? (e as Error).message,
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>{`${action.label} : ${plural(count, 'dossier')}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`Chaque dossier est traité seul, comme à la main : un dossier refusé n’arrête pas les autres. ${
              count > 200
                ? `Au-delà de 200 dossiers, l’action se poursuit en arrière-plan ; sa progression s’affiche.`
                : 'Le résultat s’affiche ensuite, dossier par dossier.'
            }`}
          </DialogContentText>
          <Stack spacing={2}>
            {inputs.map((input) => (
              <BulkInputField
                key={input.name}
                input={input}
                value={texts[input.name] ?? ''}
                onChange={(value) => {
                  setTexts({ ...texts, [input.name]: value });
                  setError(undefined);
                }}
              />
            ))}
          </Stack>
          {error ? (
            <DialogContentText color="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </DialogContentText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <Button
            label="Confirmer"
            variant="contained"
            onClick={() => void run()}
            disabled={pending}
          />
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * The bulk action buttons a list declares: « Tous les résultats du filtre (N) » (else the rows
 * chosen), then « Actions groupées », a menu of the actions the user may run (the route table's
 * permissions), each confirmed in its dialog.
 */
export const BulkActionButtons = ({ declaration }: { declaration: BulkActionsDeclaration }) => {
  const { total = 0, selectedIds } = useListContext();
  const rights = useRouteCan();
  const held = usePermissions();
  const [everything, setEverything] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<BulkActionDeclaration | null>(null);
  const allowed = declaration.actions.filter((a) =>
    'action' in a.permission
      ? rights.action(a.permission.action)
      : allows(held, documentRequirement(a.permission.document)),
  );
  if (allowed.length === 0) return null;
  const count = everything ? total : selectedIds.length;
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={everything}
            onChange={(e) => setEverything(e.target.checked)}
          />
        }
        label={`Tous les résultats du filtre (${formatNumber(total)})`}
        slotProps={{ typography: { variant: 'body2', color: 'text.primary' } }}
      />
      <Button
        label={`Actions groupées (${formatNumber(count)})`}
        onClick={(e) => setMenu(e.currentTarget)}
        aria-haspopup="menu"
        disabled={count === 0}
      >
        <PlaylistPlayIcon />
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {allowed.map((action) => (
          <MenuItem
            key={action.action}
            onClick={() => {
              setMenu(null);
              setChosen(action);
            }}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {chosen ? (
        <BulkActionDialog
          declaration={declaration}
          action={chosen}
          everything={everything}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </>
  );
};
