import { useState, type FormEvent } from 'react';
import { postPublicFile } from './publicApi';

/** The server's limit (domain `VERIFIED_FILE_MAX_BYTES`). */
const MAX_BYTES = 20 * 1024 * 1024;

interface FileVerdict {
  authentique: boolean;
  signature: {
    signe: boolean;
    valide: boolean;
    entier: boolean;
    certificat: 'bureau' | 'demonstration' | 'revoque' | 'inconnu' | null;
    titulaire: string | null;
  };
  delivreSousCeCode: boolean;
  remplace: boolean;
  message: string;
}

const CERTIFICATES: Record<string, string> = {
  bureau: 'celui du bureau des examens',
  demonstration: 'certificat de démonstration du bureau des examens',
  revoque: 'certificat du bureau des examens, révoqué depuis',
  inconnu: 'inconnu du bureau des examens',
};

/** The demonstration certificate's unchanged document: intact, its issuer unproven. */
const intactDemonstration = ({ signature, delivreSousCeCode, remplace }: FileVerdict) =>
  signature.valide &&
  signature.entier &&
  signature.certificat === 'demonstration' &&
  delivreSousCeCode &&
  !remplace;

/** The verdict's headline and its colour. */
const headline = (verdict: FileVerdict): [text: string, style: string] => {
  if (verdict.authentique) return ['✔ Fichier authentique', 'verification-genuine'];
  if (intactDemonstration(verdict))
    return ['⚠ Fichier intact, signé avec un certificat de démonstration', 'verification-warning'];
  return ['✘ Fichier non authentique', 'verification-unknown'];
};

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

/**
 * « Vérifier le fichier reçu »: after a code is found, the PDF given with it — its signature, the
 * certificate, whether it is the very document issued under this code — checked by the office
 * without being kept.
 */
export const FileCheck = ({ code }: { code: string }) => {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<FileVerdict>();
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setVerdict(undefined);
    setError(undefined);
    if (!file) {
      setError('Choisissez le fichier PDF du document reçu.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setError('Le contenu envoyé est trop volumineux.');
      return;
    }
    setBusy(true);
    const reply = await postPublicFile<{ fichier: FileVerdict }>('verifications/fichier', file, {
      'X-Code-Verification': code,
    });
    setBusy(false);
    if (reply.body) setVerdict(reply.body.fichier);
    else setError(reply.message);
  };

  return (
    <form className="file-check" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Vérifier le fichier reçu</h3>
      <p className="muted">
        Si l’on vous a remis ce document en PDF, déposez-le : sa signature électronique est
        contrôlée et il est comparé au document délivré sous ce code. Le fichier n’est pas conservé.
      </p>
      <label htmlFor="fichier-recu">Fichier PDF du document</label>
      <div className="inline-form-row">
        <input
          id="fichier-recu"
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fichier-erreur' : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setVerdict(undefined);
            setError(undefined);
          }}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          Vérifier le fichier
        </button>
      </div>
      <div aria-live="polite">
        {error ? (
          <p id="fichier-erreur" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {verdict ? (
          <div className={`verification ${headline(verdict)[1]}`} role="status">
            <p className="verification-verdict">{headline(verdict)[0]}</p>
            <p>{verdict.message}</p>
            <dl className="result-details">
              <dt>Signature électronique</dt>
              <dd>
                {!verdict.signature.signe
                  ? 'absente'
                  : verdict.signature.valide && verdict.signature.entier
                    ? 'valide'
                    : 'non valide'}
              </dd>
              {verdict.signature.certificat ? (
                <>
                  <dt>Certificat</dt>
                  <dd>
                    {CERTIFICATES[verdict.signature.certificat]}
                    {verdict.signature.titulaire ? ` (${verdict.signature.titulaire})` : ''}
                  </dd>
                </>
              ) : null}
              <dt>Document délivré sous ce code</dt>
              <dd>{yesNo(verdict.delivreSousCeCode)}</dd>
              <dt>Remplacé depuis</dt>
              <dd>{yesNo(verdict.remplace)}</dd>
            </dl>
          </div>
        ) : null}
      </div>
    </form>
  );
};
