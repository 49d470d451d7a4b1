/** The payment page's calls and what this browser keeps of a payment it started. */

export interface Summary {
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

export interface Started {
  paiementEnLigneId: string;
  montant: number;
  jeton: string;
  redirection: string;
  demonstration: boolean;
}

export interface Progress {
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
export interface Kept {
  jeton: string;
  montant: number;
  numeroDossier: string;
  demonstration: boolean;
}

export class PublicError extends Error {
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
export const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
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
export const keep = (id: string, kept: Kept) => {
  try {
    sessionStorage.setItem(storageKey(id), JSON.stringify(kept));
  } catch {
    // Private browsing without storage: the page still works until it is left.
  }
};
export const kept = (id: string | null): Kept | null => {
  if (!id) return null;
  try {
    const text = sessionStorage.getItem(storageKey(id));
    return text ? (JSON.parse(text) as Kept) : null;
  } catch {
    return null;
  }
};
