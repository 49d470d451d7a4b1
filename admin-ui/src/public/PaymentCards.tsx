import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatFcfa } from '@examens-pro/domain';
import { DEMONSTRATION_BANNER } from '../common/paymentMode';
import {
  post,
  type Kept,
  type Progress,
  type PublicError,
  type Started,
  type Summary,
} from './paymentApi';

const STEPS = ['Dossier', 'Montant', 'Paiement', 'Reçu'] as const;

export const Steps = ({ current }: { current: number }) => (
  <ol className="payment-steps" aria-label="Étapes du paiement">
    {STEPS.map((label, i) => (
      <li
        key={label}
        className={i < current ? 'done' : i === current ? 'current' : undefined}
        aria-current={i === current ? 'step' : undefined}
      >
        <span className="payment-step-number" aria-hidden="true">
          {i + 1}
        </span>
        {label}
      </li>
    ))}
  </ol>
);

/** A step's heading takes the focus when the step appears: screen readers hear where they are. */
export const StepHeading = ({ children, id }: { children: string; id?: string }) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={id} tabIndex={-1}>
      {children}
    </h2>
  );
};

/** PAYMENT_PROVIDER=demonstration: above every step, that no payment here is real. */
export const DemonstrationBanner = () => (
  <p className="payment-demo-banner" role="status">
    <strong>{DEMONSTRATION_BANNER}</strong>. Les paiements faits ici sont simulés : aucun argent
    n’est débité, et ils ne règlent pas les frais du dossier.
  </p>
);

/** No provider configured: the fees are paid at the counter. */
export const NotOffered = ({ message }: { message?: string }) => (
  <section className="card payment-card" aria-labelledby="indisponible-titre">
    <StepHeading id="indisponible-titre">Paiement en ligne non proposé</StepHeading>
    <p className="payment-info" role="status">
      {message ??
        'Le paiement en ligne n’est pas proposé. Réglez vos frais d’examen au guichet de votre centre de dépôt.'}
    </p>
    <div className="payment-actions">
      <Link className="button-secondary" to="/">
        Retour à l’accueil
      </Link>
    </div>
  </section>
);

export const DemonstrationNotice = () => (
  <p className="payment-demo-notice">
    <strong>Mode démonstration</strong> : aucun paiement réel n’est effectué et aucun argent n’est
    débité.
  </p>
);

export const DossierForm = ({ onFound }: { onFound: (summary: Summary) => void }) => {
  const [numero, setNumero] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onFound(await post<Summary>('/paiements/dossier', { numeroDossier: numero }));
    } catch (e) {
      const failure = e as PublicError;
      setError(failure.fields.numeroDossier ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card payment-card" onSubmit={(e) => void submit(e)} noValidate>
      <StepHeading>Votre dossier</StepHeading>
      <label htmlFor="numeroDossier">Numéro de dossier</label>
      <input
        id="numeroDossier"
        name="numeroDossier"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="CQP27-000042"
        value={numero}
        onChange={(e) => setNumero(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'numeroDossier-aide numeroDossier-erreur' : 'numeroDossier-aide'}
        required
      />
      <p id="numeroDossier-aide" className="payment-help">
        Il figure sur le récépissé remis par votre centre de dépôt.
      </p>
      {error ? (
        <p id="numeroDossier-erreur" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="payment-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          Rechercher le dossier
        </button>
      </div>
    </form>
  );
};

/**
 * A step's request to the payment API: busy while it goes, then the next step (`onAnswer`); a
 * refusal is kept to be shown and the step may be tried again.
 */
const useStepRequest = <T,>(request: () => Promise<T>, onAnswer: (answer: T) => void) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onAnswer(await request());
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return { busy, error, send };
};

/** The step's main button: sends its request, unavailable while it goes. */
const PayButton = ({
  request,
  children,
}: {
  request: ReturnType<typeof useStepRequest>;
  children: ReactNode;
}) => (
  <button
    type="button"
    className="button"
    onClick={() => void request.send()}
    disabled={request.busy}
    aria-busy={request.busy}
  >
    {children}
  </button>
);

const FormError = ({ error }: { error: string | undefined }) =>
  error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;

export const SummaryCard = ({
  summary,
  onPay,
  onOther,
}: {
  summary: Summary;
  onPay: (started: Started) => void;
  onOther: () => void;
}) => {
  const request = useStepRequest(
    () => post<Started>('/paiements', { numeroDossier: summary.numeroDossier }),
    onPay,
  );
  const amount = (value: number | null) => (value === null ? '—' : formatFcfa(value));
  return (
    <section className="card payment-card" aria-labelledby="resume-titre">
      <StepHeading id="resume-titre">{`Dossier ${summary.numeroDossier}`}</StepHeading>
      <dl className="payment-summary">
        <dt>Montant dû</dt>
        <dd>{amount(summary.montantDu)}</dd>
        <dt>Déjà payé</dt>
        <dd>{formatFcfa(summary.dejaPaye)}</dd>
        <dt>Reste à payer</dt>
        <dd className="payment-outstanding">{amount(summary.resteAPayer)}</dd>
        <dt>Frais réglés</dt>
        <dd>{summary.regle ? 'Oui' : 'Non'}</dd>
        {summary.paiementsDemonstration > 0 ? (
          <>
            <dt>Paiements de démonstration</dt>
            <dd className="payment-demo-amount">
              {formatFcfa(summary.paiementsDemonstration)} (non comptés : aucun argent reçu)
            </dd>
          </>
        ) : null}
      </dl>
      {summary.payable && summary.resteAPayer !== null ? (
        <>
          {summary.fournisseur.demonstration ? <DemonstrationNotice /> : null}
          <FormError error={request.error} />
          <div className="payment-actions">
            <PayButton request={request}>Payer {formatFcfa(summary.resteAPayer)}</PayButton>
            <button type="button" className="button-secondary" onClick={onOther}>
              Chercher un autre dossier
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="payment-info" role="status">
            {summary.motif}
          </p>
          <div className="payment-actions">
            <button type="button" className="button-secondary" onClick={onOther}>
              Chercher un autre dossier
            </button>
          </div>
        </>
      )}
    </section>
  );
};

/** The sandbox's payment page (the provider's, in a real payment): clearly not real money. */
export const DemonstrationStep = ({
  id,
  payment,
  onDone,
  onCancel,
}: {
  id: string;
  payment: Kept;
  onDone: (progress: Progress) => void;
  onCancel: () => void;
}) => {
  const request = useStepRequest(
    () => post<Progress>('/paiements/demonstration', { jeton: payment.jeton }),
    onDone,
  );
  return (
    <section
      className="card payment-card payment-demo"
      aria-labelledby="demo-titre"
      data-paiement={id}
    >
      <p className="payment-demo-badge">Mode démonstration</p>
      <StepHeading id="demo-titre">Simulateur de paiement</StepHeading>
      <p>
        Ce simulateur remplace le fournisseur de paiement : <strong>aucun argent réel</strong> n’est
        débité. En production, cette étape se déroule chez le fournisseur (mobile money, carte).
      </p>
      <dl className="payment-summary">
        <dt>Dossier</dt>
        <dd>{payment.numeroDossier}</dd>
        <dt>Montant</dt>
        <dd className="payment-outstanding">{formatFcfa(payment.montant)}</dd>
      </dl>
      <FormError error={request.error} />
      <div className="payment-actions">
        <PayButton request={request}>Payer (démonstration)</PayButton>
        <button
          type="button"
          className="button-secondary"
          onClick={onCancel}
          disabled={request.busy}
        >
          Annuler
        </button>
      </div>
    </section>
  );
};
