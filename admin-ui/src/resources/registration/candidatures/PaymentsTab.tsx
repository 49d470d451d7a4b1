import PaymentsIcon from '@mui/icons-material/Payments';
import {
  Alert,
  Box,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Button, Form, required, useRecordContext } from 'react-admin';
import {
  countsTowardFee,
  formatFcfa,
  isDemonstrationPayment,
  MANUAL_PAYMENT_CHANNELS,
  paymentChannelLabel,
  type PaymentChannel,
} from '@examens-pro/domain';
import { formatDate, formatDateTime } from '../../../common/format';
import { useRecordAction } from '../../../kit/useRecordAction';
import { useRouteCan } from '../../../kit/useRouteCan';

const FrenchDateInput = lazy(() => import('../../../kit/FrenchDateInput'));

interface Payment {
  paiementId: string;
  montant: number;
  date: string;
  reference: string;
  /** Absent: at the counter (staff). */
  canal?: PaymentChannel;
  fournisseur?: string;
  fournisseurLibelle?: string;
  referenceFournisseur?: string;
  /** The sandbox's (« Mode démonstration »): no money moved. */
  demonstration?: boolean;
  /** Counted toward the fee all the same (the session's switch when it was recorded). */
  demonstrationComptee?: boolean;
  enregistreLe: string;
  enregistrePar: string;
}

/** Payments as a table: day, amount, reference, channel, who recorded them. */
const PaymentsTable = ({ payments, label }: { payments: Payment[]; label: string }) => (
  <Table size="small" aria-label={label}>
    <TableHead>
      <TableRow>
        <TableCell>Date du paiement</TableCell>
        <TableCell align="right">Montant</TableCell>
        <TableCell>Référence</TableCell>
        <TableCell>Canal</TableCell>
        <TableCell>Enregistré par</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {payments.map((payment) => (
        <TableRow
          key={payment.paiementId}
          data-canal={payment.canal ?? 'guichet'}
          data-demonstration={isDemonstrationPayment(payment) ? 'oui' : undefined}
        >
          <TableCell>{formatDate(payment.date)}</TableCell>
          <TableCell align="right">{formatFcfa(payment.montant)}</TableCell>
          <TableCell>
            {payment.reference}
            {payment.referenceFournisseur ? (
              <Typography variant="body2" color="text.secondary" component="span">
                {' '}
                (fournisseur : {payment.referenceFournisseur})
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>
            {paymentChannelLabel(payment)}
            {isDemonstrationPayment(payment)
              ? countsTowardFee(payment)
                ? ' — démonstration comptée'
                : ' — démonstration non comptée'
              : ''}
          </TableCell>
          <TableCell>
            {payment.enregistrePar}, le {formatDateTime(payment.enregistreLe)}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

const amount = (value: unknown) => (typeof value === 'number' ? formatFcfa(value) : '—');

const DATE_REQUIRED = 'La date du paiement est obligatoire (JJ/MM/AAAA).';

/** Records a payment: amount in FCFA (spaces allowed), the day paid, the receipt's reference. */
const PaymentForm = () => {
  const [montant, setMontant] = useState('');
  const [reference, setReference] = useState('');
  const [canal, setCanal] = useState<string>('guichet');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutate, isPending } = useRecordAction<
    Error & { body?: { message?: string; errors?: Record<string, string> } }
  >({
    action: 'paiements',
    success: 'Le paiement est enregistré.',
    onSuccess: () => {
      setMontant('');
      setReference('');
      setErrors({});
    },
    onError: (e) => setErrors(e.body?.errors ?? { montant: e.body?.message ?? e.message }),
  });
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) =>
        mutate({
          montant: montant.replace(/[\s\u00a0\u202f]/g, ''),
          date: typeof values.datePaiement === 'string' ? values.datePaiement : null,
          reference,
          canal,
        })
      }
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems="flex-start"
        flexWrap="wrap"
        useFlexGap
      >
        <TextField
          label="Montant (FCFA)"
          value={montant}
          onChange={(event) => setMontant(event.target.value)}
          inputProps={{ inputMode: 'numeric' }}
          // One row on a wide screen (the fields share it, the button keeps its label), else wrapped.
          sx={{ flex: '1 1 180px' }}
          variant="filled"
          required
          error={Boolean(errors.montant)}
          helperText={errors.montant}
        />
        <Box sx={{ flex: '0 1 240px', minWidth: 220 }}>
          <Suspense fallback={null}>
            <FrenchDateInput
              source="datePaiement"
              label="Date du paiement"
              // Required by the server: marked so (its asterisk) and checked before sending.
              validate={required(DATE_REQUIRED)}
              helperText={errors.date}
            />
          </Suspense>
        </Box>
        <TextField
          select
          label="Canal"
          value={canal}
          onChange={(event) => setCanal(event.target.value)}
          variant="filled"
          error={Boolean(errors.canal)}
          helperText={errors.canal}
          sx={{ flex: '0 1 200px', minWidth: 180 }}
        >
          {MANUAL_PAYMENT_CHANNELS.map((channel) => (
            <MenuItem key={channel} value={channel}>
              {paymentChannelLabel({ canal: channel })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Référence du reçu ou de la transaction"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          variant="filled"
          required
          error={Boolean(errors.reference)}
          helperText={errors.reference}
          sx={{ flex: '2 1 280px', minWidth: 280 }}
        />
        <Button
          label="Enregistrer le paiement"
          type="submit"
          disabled={isPending}
          variant="contained"
          // Its whole label, never clipped by the fields beside it.
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', alignSelf: 'center' }}
        >
          <PaymentsIcon />
        </Button>
      </Stack>
    </Form>
  );
};

/**
 * The dossier's fee: due (the session's fee, espace financier), paid, outstanding; the payments
 * recorded, the sandbox's apart (« Mode démonstration »: no money moved, counted only where the
 * session said so), and a form for whoever registers or modifies dossiers while something is due.
 */
export const PaymentsTab = () => {
  const record = useRecordContext();
  const can = useRouteCan();
  if (!record) return null;
  const all = (record.paiements ?? []) as Payment[];
  const payments = all.filter((p) => !isDemonstrationPayment(p));
  const demonstrations = all.filter((p) => isDemonstrationPayment(p));
  const uncounted =
    typeof record.montantDemonstration === 'number' ? record.montantDemonstration : 0;
  const due = record.montantDu as number | null | undefined;
  const outstanding = record.resteAPayer as number | null | undefined;
  const payable =
    ['brouillon', 'soumis', 'valide', 'affecte'].includes(String(record.statut)) &&
    typeof outstanding === 'number' &&
    outstanding > 0 &&
    can.action('payer');
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      {due === null || due === undefined ? (
        <Alert severity="info">Aucun frais d’examen n’est défini pour cette session.</Alert>
      ) : (
        <Alert severity={outstanding && outstanding > 0 ? 'warning' : 'success'}>
          Montant dû : {amount(due)} — payé : {amount(record.montantPaye)} — reste à payer :{' '}
          {amount(outstanding)}
        </Alert>
      )}
      {payments.length > 0 ? (
        <PaymentsTable payments={payments} label="Paiements" />
      ) : (
        <Typography>Aucun paiement enregistré.</Typography>
      )}
      {demonstrations.length > 0 ? (
        <Stack spacing={1} className="demonstration-payments">
          <Typography variant="subtitle1" component="h3">
            Paiements de démonstration
          </Typography>
          <Alert severity="warning">
            Mode démonstration : aucun argent reçu.{' '}
            {uncounted > 0
              ? `${formatFcfa(uncounted)} non comptés dans les frais payés.`
              : 'La session compte ces paiements dans les frais payés.'}
          </Alert>
          <PaymentsTable payments={demonstrations} label="Paiements de démonstration" />
        </Stack>
      ) : null}
      {payable ? <PaymentForm /> : null}
    </Stack>
  );
};
