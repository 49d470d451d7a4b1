import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getPublic, postPublic } from './publicApi';
import { FileCheck } from './FileCheck';

interface Verified {
  authentique: true;
  code: string;
  nom: string;
  prenoms: string;
  examen: string;
  session: string;
  metier: string;
  dateDeliberation: string;
  numeroArrete: string;
  dateArrete: string;
}

interface Offer {
  examens: {
    id: string;
    libelle: string;
    sessions: { id: string; libelle: string; statut: string }[];
  }[];
  filieres: { libelle: string; metiers: { id: string; code: string; libelle: string }[] }[];
}

type Outcome =
  | { kind: 'genuine'; answer: Verified }
  | { kind: 'not-found'; message: string }
  | { kind: 'error'; message: string; field?: string };

/** « 7K3M-9QX2-B4TZ-* »: as printed. */
const grouped = (code: string) =>
  `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;

/**
 * `/diplomes`: the examens and métiers the office certifies, and the verification of an attestation
 * or a diploma by the code printed on it — typed, or read from its QR code, which opens this page
 * with `?code=…` and checks it at once.
 */
export const DiplomasPage = () => {
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [offer, setOffer] = useState<Offer>();
  const result = useRef<HTMLDivElement>(null);

  const check = async (typed: string) => {
    setBusy(true);
    setOutcome(undefined);
    const reply = await postPublic<Verified>('verifications', { code: typed });
    setBusy(false);
    if (reply.body) setOutcome({ kind: 'genuine', answer: reply.body });
    else if (reply.status === 404) setOutcome({ kind: 'not-found', message: reply.message! });
    else setOutcome({ kind: 'error', message: reply.message!, field: reply.errors?.code });
  };

  useEffect(() => {
    document.title = 'Diplômes et attestations — Examens Pro';
    void getPublic<Offer>('offre').then((reply) => setOffer(reply.body));
    const scanned = params.get('code');
    if (scanned) void check(scanned);
    // Only once, for the address the QR code opened.
  }, []);
  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(code.trim() ? { code: code.trim() } : {}, { replace: true });
    void check(code);
  };

  return (
    <main className="public">
      <h1>Diplômes et attestations</h1>
      <section className="card" aria-labelledby="verifier-titre">
        <h2 id="verifier-titre">Vérifier une attestation ou un diplôme</h2>
        <p className="muted">
          Saisissez le code de vérification imprimé sous le QR code du document (13 caractères), ou
          scannez ce QR code avec votre téléphone.
        </p>
        <form className="inline-form" onSubmit={submit} noValidate>
          <label htmlFor="code">Code de vérification</label>
          <div className="inline-form-row">
            <input
              id="code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ex. 7K3M-9QX2-B4TZ-*"
              value={code}
              aria-invalid={outcome?.kind === 'error' ? true : undefined}
              aria-describedby={outcome?.kind === 'error' ? 'code-erreur' : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              Vérifier
            </button>
          </div>
        </form>
        <div ref={result} tabIndex={-1} aria-live="polite" className="focus-anchor">
          {outcome?.kind === 'genuine' ? (
            <div className="verification verification-genuine" role="status">
              <p className="verification-verdict">✔ Document authentique</p>
              <dl className="result-details">
                <dt>Titulaire</dt>
                <dd>
                  {outcome.answer.nom} {outcome.answer.prenoms}
                </dd>
                <dt>Examen</dt>
                <dd>{outcome.answer.examen}</dd>
                <dt>Session</dt>
                <dd>{outcome.answer.session}</dd>
                <dt>Métier</dt>
                <dd>{outcome.answer.metier}</dd>
                <dt>Date de la délibération</dt>
                <dd>{outcome.answer.dateDeliberation}</dd>
                <dt>Arrêté</dt>
                <dd>
                  n° {outcome.answer.numeroArrete} du {outcome.answer.dateArrete}
                </dd>
                <dt>Code</dt>
                <dd className="code">{grouped(outcome.answer.code)}</dd>
              </dl>
              <p className="muted">
                Vérifiez que ces informations sont bien celles imprimées sur le document présenté.
              </p>
              <FileCheck code={outcome.answer.code} />
            </div>
          ) : null}
          {outcome?.kind === 'not-found' ? (
            <div className="verification verification-unknown" role="alert">
              <p className="verification-verdict">✘ Document introuvable</p>
              <p>{outcome.message}</p>
            </div>
          ) : null}
          {outcome?.kind === 'error' ? (
            <p id="code-erreur" className="form-error" role="alert">
              {outcome.message}
            </p>
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="offre-titre">
        <h2 id="offre-titre">Examens et métiers</h2>
        {!offer ? (
          <p className="muted">Chargement…</p>
        ) : (
          <div className="offer">
            <div>
              <h3>Examens</h3>
              {offer.examens.length === 0 ? <p className="muted">Aucun examen publié.</p> : null}
              <ul>
                {offer.examens.map((e) => (
                  <li key={e.id}>
                    <strong>{e.libelle}</strong>
                    {e.sessions.length > 0 ? (
                      <ul className="muted">
                        {e.sessions.map((s) => (
                          <li key={s.id}>
                            {s.libelle} — {s.statut}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Métiers</h3>
              {offer.filieres.length === 0 ? <p className="muted">Aucun métier publié.</p> : null}
              {offer.filieres.map((f) => (
                <div key={f.libelle}>
                  <h4>{f.libelle}</h4>
                  <ul>
                    {f.metiers.map((m) => (
                      <li key={m.id}>{m.libelle}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </div>
        )}
      </section>
    </main>
  );
};
