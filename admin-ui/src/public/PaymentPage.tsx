import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePaymentMode } from '../common/paymentMode';
import {
  DemonstrationBanner,
  DemonstrationStep,
  DossierForm,
  NotOffered,
  Steps,
  SummaryCard,
} from './PaymentCards';
import { keep, kept, type Progress, type Started, type Summary } from './paymentApi';
import { ProgressStep } from './PaymentProgressStep';
import './payment.css';

/**
 * `/paiement`: a dossier's fee paid online, without an account. The number typed, the page shows
 * what is due and whether it is paid (nothing of the person), then « Payer » sends the visitor to
 * the provider — in « Mode démonstration », to this page's own sandbox step — and, the payment
 * confirmed, offers the receipt through a link whose token only this browser received (for a
 * year). Without a provider configured, the page says that online payment is not offered and where
 * to pay.
 */
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
