import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getPublic, postPublic } from './publicApi';

interface PublicResult {
  numeroCandidat: string;
  nom: string;
  prenoms: string;
  examen: string;
  session: string;
  metier: string;
  resultat: 'admis' | 'ajourne' | 'elimine' | 'absent';
  resultatLibelle: string;
  moyenne?: string;
}

/** Typing a date of birth: the slashes come by themselves (JJ/MM/AAAA). */
const maskDate = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
};

/** The métiers the office publishes (`GET /api/public/offre`), for a real-looking example. */
interface OfferMetiers {
  filieres: { metiers: { code: string }[] }[];
}

/** A numéro de candidat is `<code du métier>-<5 chiffres>`: the example uses a published code. */
const exampleNumber = (offer: OfferMetiers | undefined): string =>
  `ex. ${offer?.filieres.flatMap((f) => f.metiers)[0]?.code || 'ELEC'}-00042`;

/**
 * `/resultat-examen`: a candidate types their numéro de candidat and date of birth and reads their
 * result, once their session's results are published. The answer is the same for a wrong entry
 * and for results not yet published (the server says which words).
 */
export const ResultLookupPage = () => {
  const [numero, setNumero] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [results, setResults] = useState<PublicResult[]>();
  const [offer, setOffer] = useState<OfferMetiers>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Résultats des examens — Examens Pro';
    void getPublic<OfferMetiers>('offre').then((reply) => setOffer(reply.body));
  }, []);
  useEffect(() => {
    if (results) heading.current?.focus();
  }, [results]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFieldErrors({});
    setResults(undefined);
    const reply = await postPublic<{ resultats: PublicResult[] }>('resultats', {
      numeroCandidat: numero,
      dateNaissance: date,
    });
    setBusy(false);
    if (reply.body) setResults(reply.body.resultats);
    else {
      setError(reply.message);
      setFieldErrors(reply.errors ?? {});
    }
  };

  const again = () => {
    setResults(undefined);
    setNumero('');
    setDate('');
  };

  return (
    <main className="result-page">
      {results ? (
        <section aria-labelledby="resultat-titre">
          <h1 id="resultat-titre" ref={heading} tabIndex={-1}>
            {results.length > 1 ? 'Vos résultats' : 'Votre résultat'}
          </h1>
          {results.map((r) => (
            <article
              key={`${r.session}-${r.numeroCandidat}`}
              className={`result-card result-${r.resultat}`}
              aria-label={`Résultat de la session ${r.session}`}
            >
              <p className="result-verdict">{r.resultatLibelle}</p>
              <dl className="result-details">
                <dt>Candidat</dt>
                <dd>
                  {r.nom} {r.prenoms}
                </dd>
                <dt>Numéro de candidat</dt>
                <dd>{r.numeroCandidat}</dd>
                <dt>Examen</dt>
                <dd>{r.examen}</dd>
                <dt>Session</dt>
                <dd>{r.session}</dd>
                <dt>Métier</dt>
                <dd>{r.metier}</dd>
                {r.moyenne ? (
                  <>
                    <dt>Moyenne</dt>
                    <dd>{r.moyenne}</dd>
                  </>
                ) : null}
              </dl>
            </article>
          ))}
          <p className="muted">
            Ce résultat est donné à titre d’information ; seuls la décision d’admission et
            l’attestation délivrées par l’office font foi.
          </p>
          <button type="button" className="button button-secondary" onClick={again}>
            Consulter un autre résultat
          </button>
        </section>
      ) : (
        <form className="result-form" onSubmit={(e) => void submit(e)} noValidate>
          <h1>Consulter un résultat</h1>
          <p className="muted">
            Saisissez le numéro de candidat figurant sur votre convocation et votre date de
            naissance.
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <label htmlFor="numeroCandidat">Numéro de candidat</label>
          <input
            id="numeroCandidat"
            name="numeroCandidat"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={exampleNumber(offer)}
            required
            value={numero}
            aria-invalid={fieldErrors.numeroCandidat ? true : undefined}
            aria-describedby={fieldErrors.numeroCandidat ? 'numeroCandidat-erreur' : undefined}
            onChange={(e) => setNumero(e.target.value)}
          />
          {fieldErrors.numeroCandidat ? (
            <span id="numeroCandidat-erreur" className="field-error">
              {fieldErrors.numeroCandidat}
            </span>
          ) : null}
          <label htmlFor="dateNaissance">Date de naissance (JJ/MM/AAAA)</label>
          <input
            id="dateNaissance"
            name="dateNaissance"
            inputMode="numeric"
            autoComplete="bday"
            placeholder="JJ/MM/AAAA"
            required
            value={date}
            aria-invalid={fieldErrors.dateNaissance ? true : undefined}
            aria-describedby={fieldErrors.dateNaissance ? 'dateNaissance-erreur' : undefined}
            onChange={(e) => setDate(maskDate(e.target.value))}
          />
          {fieldErrors.dateNaissance ? (
            <span id="dateNaissance-erreur" className="field-error">
              {fieldErrors.dateNaissance}
            </span>
          ) : null}
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            Afficher le résultat
          </button>
        </form>
      )}
    </main>
  );
};
