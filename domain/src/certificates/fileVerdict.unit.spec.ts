import { describe, expect, it } from '@jest/globals';
import { fileVerdict } from './verifications.js';

const GOOD = {
  signe: true,
  valide: true,
  entier: true,
  certificat: 'bureau' as const,
  titulaire: 'CN=Bureau des examens',
  delivreSousCeCode: true,
  remplace: false,
};

describe('the verdict on a file given to /diplomes', () => {
  it('is authentic only for the current document issued under the code, signed by the office', () => {
    expect(fileVerdict(GOOD)).toMatchObject({
      authentique: true,
      message:
        'Ce fichier est le document délivré sous ce code, signé par le bureau des examens : aucun octet n’a changé.',
    });
  });

  it('says why anything else is not', () => {
    const says = (facts: Partial<typeof GOOD> & Record<string, unknown>) =>
      fileVerdict({ ...GOOD, ...facts } as typeof GOOD);
    expect(says({ signe: false, valide: false })).toMatchObject({
      authentique: false,
      message: expect.stringContaining('n’est pas signé'),
    });
    expect(says({ valide: false }).message).toBe(
      'La signature de ce fichier n’est pas valide : il a été modifié après sa signature.',
    );
    expect(says({ entier: false }).message).toBe(
      'Des données ont été ajoutées à ce fichier après sa signature.',
    );
    expect(says({ certificat: 'inconnu' as never, titulaire: 'CN=Faussaire' }).message).toBe(
      'Ce fichier est signé par un certificat qui n’est pas celui du bureau des examens (CN=Faussaire).',
    );
    expect(says({ delivreSousCeCode: false }).message).toBe(
      'Ce fichier est signé par le bureau des examens, mais ce n’est pas le document délivré sous ce code.',
    );
    expect(says({ remplace: true })).toMatchObject({
      authentique: false,
      message:
        'Ce fichier est un document délivré sous ce code, intact, mais un document plus récent l’a remplacé depuis.',
    });
    expect(says({ certificat: 'revoque' as never })).toMatchObject({
      authentique: false,
      message: expect.stringContaining('a été révoqué depuis'),
    });
    expect(says({ certificat: 'demonstration' as never })).toMatchObject({
      authentique: false,
      message: expect.stringContaining('certificat de démonstration'),
    });
  });
});
