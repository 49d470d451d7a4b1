import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatFcfa } from '@examens-pro/domain';
import { DEMONSTRATION_BANNER, usePaymentMode } from '../common/paymentMode';
import './payment.css';

/**
 * `/paiement`: a dossier's fee paid online, without an account. The number typed, the page shows
 * what is due and whether it is paid (nothing of the person), then « Payer » sends the visitor to
 * the provider — in « Mode démonstration », to this page's own sandbox step — and, the payment
 * confirmed, offers the receipt through a link whose token only this browser received (for a
 * year). Without a provider configured, the page says that online payment is not offered and where
 * to pay.
 */

interface Summary {
  numeroDossier: string;
  montantDu: number | null;
  /** What counts toward the fee. */
  dejaPaye: number;
  resteAPayer: number | null;
  regle: boolean;
  /** The sandbox's payments that do not count, shown apart. */
  paiementsDemonstration: number;
  payable: boolean;
  motif: string | null;
  fournisseur: { libelle: string; demonstration: boolean };
}

interface Started {
  paiementEnLigneId: string;
  montant: number;
  jeton: string;
  redirection: string;
  demonstration: boolean;
}

interface Progress {
  statut: 'en-attente' | 'confirme' | 'echoue' | 'refuse';
  paiementEnLigneId: string;
  numeroDossier: string;
  montant: number;
  numeroRecu?: string;
  motif?: string;
  recu?: string;
  demonstration: boolean;
  /** The day the receipt's link expires (DD/MM/YYYY): a year after the payment started. */
  lienExpireLeJour?: string;
}

/** What this browser keeps of a payment it started (the token is never in an address). */
interface Kept {
  jeton: string;
  montant: number;
  numeroDossier: string;
  demonstration: boolean;
}

class PublicError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const UNREACHABLE = 'Le service de paiement ne répond pas. Réessayez dans quelques instants.';

/** A public call: JSON in the body (personal data never in the address), no session, no token. */
const post = async <T,>(path: string, body: Record<string, unknown>): Promise<T> => {
  let res: Response;
  try {
    res = await fetch(`/api/public${path}`, {
      method: 'POST',
      credentials: 'omit',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicError(UNREACHABLE, 0);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new PublicError(
      typeof json.message === 'string' ? json.message : UNREACHABLE,
      res.status,
      (json.errors as Record<string, string> | undefined) ?? {},
    );
  return json as T;
};

const storageKey = (id: string) => `examens-pro:paiement:${id}`;
const keep = (id: string, kept: Kept) => {
  try {
    sessionStorage.setItem(storageKey(id), JSON.stringify(kept));
  } catch {
    // Private browsing without storage: the page still works until it is left.
  }
};
const kept = (id: string | null): Kept | null => {
  if (!id) return null;
  try {
    const text = sessionStorage.getItem(storageKey(id));
    return text ? (JSON.parse(text) as Kept) : null;
  } catch {
    return null;
  }
};

const STEPS = ['Dossier', 'Montant', 'Paiement', 'Reçu'] as const;

const Steps = ({ current }: { current: number }) => (
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
const StepHeading = ({ children, id }: { children: string; id?: string }) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={id} tabIndex={-1}>
      {children}
    </h2>
  );
};

/** PAYMENT_PROVIDER=demonstration: above every step, that no payment here is real. */
const DemonstrationBanner = () => (
  <p className="payment-demo-banner" role="status">
    <strong>{DEMONSTRATION_BANNER}</strong>. Les paiements faits ici sont simulés : aucun argent
    n’est débité, et ils ne règlent pas les frais du dossier.
  </p>
);

/** No provider configured: the fees are paid at the counter. */
const NotOffered = ({ message }: { message?: string }) => (
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

const DemonstrationNotice = () => (
  <p className="payment-demo-notice">
    <strong>Mode démonstration</strong> : aucun paiement réel n’est effectué et aucun argent n’est
    débité.
  </p>
);

const DossierForm = ({ onFound }: { onFound: (summary: Summary) => void }) => {
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

const SummaryCard = ({
  summary,
  onPay,
  onOther,
}: {
  summary: Summary;
  onPay: (started: Started) => void;
  onOther: () => void;
}) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const pay = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onPay(await post<Started>('/paiements', { numeroDossier: summary.numeroDossier }));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
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
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="payment-actions">
            <button
              type="button"
              className="button"
              onClick={() => void pay()}
              disabled={busy}
              aria-busy={busy}
            >
              Payer {formatFcfa(summary.resteAPayer)}
            </button>
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
const DemonstrationStep = ({
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const pay = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await post<Progress>('/paiements/demonstration', { jeton: payment.jeton }));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="payment-actions">
        <button
          type="button"
          className="button"
          onClick={() => void pay()}
          disabled={busy}
          aria-busy={busy}
        >
          Payer (démonstration)
        </button>
        <button type="button" className="button-secondary" onClick={onCancel} disabled={busy}>
          Annuler
        </button>
      </div>
    </section>
  );
};

const POLL_MS = 2000;
const POLL_LIMIT = 90;

/** After the provider: where the payment stands, asked again until it is settled. */
const ProgressStep = ({
  id,
  payment,
  first,
  onProgress,
  onRetry,
}: {
  id: string;
  payment: Kept | null;
  first?: Progress;
  onProgress: (progress: Progress) => void;
  onRetry: () => void;
}) => {
  const [progress, setProgress] = useState<Progress | undefined>(first);
  const [error, setError] = useState<string>();
  const polls = useRef(0);
  useEffect(() => {
    if (!payment || (progress && progress.statut !== 'en-attente')) return;
    if (polls.current >= POLL_LIMIT) return;
    let stopped = false;
    const timer = setTimeout(
      () => {
        polls.current += 1;
        post<Progress>('/paiements/suivi', { jeton: payment.jeton })
          .then((next) => {
            if (stopped) return;
            setProgress(next);
            onProgress(next);
          })
          .catch((e: unknown) => {
            if (!stopped) setError((e as Error).message);
          });
      },
      progress ? POLL_MS : 0,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [payment, progress, onProgress]);

  if (!payment)
    return (
      <section className="card payment-card">
        <StepHeading>Paiement introuvable dans ce navigateur</StepHeading>
        <p>
          Ce paiement a été commencé dans un autre navigateur ou une autre fenêtre : son reçu se
          télécharge avec le lien affiché à la fin du paiement.
        </p>
        <div className="payment-actions">
          <button type="button" className="button-secondary" onClick={onRetry}>
            Chercher un dossier
          </button>
        </div>
      </section>
    );
  if (error)
    return (
      <section className="card payment-card">
        <StepHeading>Suivi du paiement</StepHeading>
        <p className="form-error" role="alert">
          {error}
        </p>
      </section>
    );
  if (!progress || progress.statut === 'en-attente')
    return (
      <section className="card payment-card" aria-busy="true" data-paiement={id}>
        <StepHeading>Paiement en cours de confirmation</StepHeading>
        <p role="status">
          Nous attendons la confirmation du fournisseur de paiement pour le dossier{' '}
          {payment.numeroDossier}. Cette page se met à jour d’elle-même.
        </p>
      </section>
    );
  if (progress.statut === 'confirme')
    return (
      <section className="card payment-card payment-done" aria-labelledby="confirmation-titre">
        <StepHeading id="confirmation-titre">Paiement confirmé</StepHeading>
        <dl className="payment-summary">
          <dt>Reçu n°</dt>
          <dd>{progress.numeroRecu}</dd>
          <dt>Dossier</dt>
          <dd>{progress.numeroDossier}</dd>
          <dt>Montant payé</dt>
          <dd className="payment-outstanding">{formatFcfa(progress.montant)}</dd>
        </dl>
        {progress.demonstration ? <DemonstrationNotice /> : null}
        <div className="payment-actions">
          <a className="button" href={progress.recu} download>
            Télécharger le reçu
          </a>
        </div>
        <p className="payment-help">
          Conservez ce lien : il permet de télécharger le reçu de nouveau. Le numéro de dossier seul
          ne le permet pas.
          {progress.lienExpireLeJour
            ? ` Ce lien est valable un an : il expire le ${progress.lienExpireLeJour}.`
            : ''}
        </p>
        <p className="payment-link">
          <a href={progress.recu}>{`${window.location.origin}${progress.recu ?? ''}`}</a>
        </p>
      </section>
    );
  return (
    <section className="card payment-card">
      <StepHeading>
        {progress.statut === 'echoue' ? 'Paiement non abouti' : 'Paiement non enregistré'}
      </StepHeading>
      <p className="form-error" role="alert">
        {progress.statut === 'echoue'
          ? `Le paiement a échoué : ${progress.motif ?? ''}`
          : `Ce paiement n’a pas pu être enregistré sur le dossier : ${progress.motif ?? ''} Il sera remboursé ; adressez-vous à votre centre de dépôt.`}
      </p>
      <div className="payment-actions">
        <button type="button" className="button" onClick={onRetry}>
          Recommencer
        </button>
      </div>
    </section>
  );
};

export const PaymentPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = usePaymentMode();
  const [summary, setSummary] = useState<Summary>();
  const [confirmed, setConfirmed] = useState<Progress>();
  const paymentId = params.get('paiement');
  const demonstration = params.get('etape') === 'demonstration';
  const payment = useMemo(() => kept(paymentId), [paymentId]);

  useEffect(() => {
    document.title = 'Paiement des frais d’examen — Examens Pro';
  }, []);

  const restart = useCallback(() => {
    setSummary(undefined);
    setConfirmed(undefined);
    navigate('/paiement');
  }, [navigate]);

  const started = (answer: Started) => {
    keep(answer.paiementEnLigneId, {
      jeton: answer.jeton,
      montant: answer.montant,
      numeroDossier: summary!.numeroDossier,
      demonstration: answer.demonstration,
    });
    // The sandbox is a step of this page; a real provider's page is elsewhere.
    if (answer.redirection.startsWith('/')) navigate(answer.redirection);
    else window.location.assign(answer.redirection);
  };

  let step = 0;
  let content;
  const notOffered = mode.loaded && !mode.enLigne;
  if (notOffered) {
    content = <NotOffered message={mode.message} />;
  } else if (paymentId && demonstration && payment && !confirmed) {
    step = 2;
    content = (
      <DemonstrationStep
        id={paymentId}
        payment={payment}
        onDone={(progress) => {
          setConfirmed(progress);
          navigate(`/paiement?paiement=${encodeURIComponent(paymentId)}`, { replace: true });
        }}
        onCancel={restart}
      />
    );
  } else if (paymentId) {
    step = confirmed?.statut === 'confirme' ? 3 : 2;
    content = (
      <ProgressStep
        key={paymentId}
        id={paymentId}
        payment={payment}
        first={confirmed}
        onProgress={setConfirmed}
        onRetry={restart}
      />
    );
  } else if (summary) {
    step = 1;
    content = <SummaryCard summary={summary} onPay={started} onOther={restart} />;
  } else {
    content = <DossierForm onFound={setSummary} />;
  }

  return (
    <main className="public payment-page">
      <h1>Paiement des frais d’examen</h1>
      {mode.demonstration ? <DemonstrationBanner /> : null}
      {notOffered ? null : (
        <>
          <p className="muted">
            Réglez en ligne les frais d’examen d’un dossier d’inscription, avec son numéro de
            dossier.
          </p>
          <Steps current={step} />
        </>
      )}
      {content}
      {notOffered ? null : (
        <p className="muted payment-footnote">
          Un paiement au guichet d’un centre de dépôt s’ajoute aux paiements en ligne du même
          dossier. <Link to="/">Retour à l’accueil</Link>
        </p>
      )}
    </main>
  );
};
