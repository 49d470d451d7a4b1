import { afterAll, afterEach } from '@jest/globals';
import { takeCspViolations } from './harness';

/**
 * Every journey fails on a Content-Security-Policy violation, at the step that caused it: the
 * built UI must run under the product's policy as it is (no inline script, no eval).
 */
const check = (): void => {
  const violations = takeCspViolations();
  if (violations.length > 0)
    throw new Error(
      `Violation(s) de la politique de sécurité du contenu (CSP) :\n- ${violations.join('\n- ')}`,
    );
};

afterEach(check);
// Reports that arrive late (after the last step, before the browser closes).
afterAll(check);
