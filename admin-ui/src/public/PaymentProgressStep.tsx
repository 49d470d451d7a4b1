import { useEffect, useRef, useState } from 'react';
import { formatFcfa } from '@examens-pro/domain';
import { DemonstrationNotice, StepHeading } from './PaymentCards';
import { post, type Kept, type Progress } from './paymentApi';

const POLL_MS = 2000;
const POLL_LIMIT = 90;

/** After the provider: where the payment stands, asked again until it is settled. */
export const ProgressStep = ({
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
