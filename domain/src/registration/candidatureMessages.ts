/** What the candidature's decider answers when a command is refused. */
export const REGISTRATION_CLOSED = 'Les inscriptions de cette session ne sont pas ouvertes.';
export const DEADLINE_PASSED =
  'La date limite de modification des dossiers de cette session est dépassée.';
export const ALLOCATION_LOCKED =
  'La composition de cette session a commencé : les affectations ne changent plus.';
export const ALLOCATED_KEEPS_PLACE =
  'Ce candidat est affecté à un site : désaffectez-le avant de changer son métier ou son centre de dépôt.';
export const VALIDATED_LOCKED =
  'Ce dossier est validé : les paramètres d’édition de la session ne permettent plus de le modifier.';

export const IDENTITY_CORRECTION_TOO_EARLY =
  'Les corrections d’identité se font après l’examen : la session n’a pas encore atteint l’étape « Composition ».';
export const IDENTITY_UNCHANGED =
  'Aucune information d’identité ne change : modifiez au moins un champ.';
