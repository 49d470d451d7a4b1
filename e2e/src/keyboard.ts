import type { Page } from 'playwright-core';

/**
 * Driving a page with the keyboard only, as a user without a mouse does: Tab from one element to
 * the next, each checked as it is reached — its focus must be visible (an outline drawn), and Tab
 * must keep moving (no trap).
 */

/** What the focused element is, as a screen reader would name it, and whether its focus shows. */
interface Focused {
  name: string;
  tag: string;
  visible: boolean;
  /** A short description of the element, for the error messages. */
  where: string;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { name: '', tag: 'body', visible: true, where: 'body' };
    const text = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const input = element as HTMLInputElement;
    const name =
      element.getAttribute('aria-label') ??
      (element.getAttribute('aria-labelledby')
        ? text(element.getAttribute('aria-labelledby')!)
        : undefined) ??
      (input.labels?.[0]?.textContent || undefined) ??
      element.textContent ??
      '';
    const style = getComputedStyle(element);
    // An outline of 2 px at least, or a Material UI text field's focused frame (a thick border).
    const outlined =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
      element.closest('[class*="InputBase-root"].Mui-focused') !== null;
    return {
      name: name
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
      tag: element.tagName.toLowerCase(),
      visible: outlined,
      where: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ').slice(0, 2).join('.')}`,
    };
  });

/** Every element reached on the way, for the journey's report. */
export const tabbed: string[] = [];

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element's name matches `target`;
 * fails if a reached element shows no focus, if focus stops moving (a trap), or after `most` presses.
 */
export const tabTo = async (
  page: Page,
  target: string | RegExp,
  { most = 120, backwards = false }: { most?: number; backwards?: boolean } = {},
): Promise<void> => {
  const wanted = (name: string) =>
    typeof target === 'string' ? name === target : target.test(name);
  let previous = '';
  let still = 0;
  for (let press = 0; press < most; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    tabbed.push(now.name || now.where);
    if (now.tag !== 'body' && !now.visible)
      throw new Error(`Le focus n’est pas visible sur « ${now.name} » (${now.where}).`);
    if (wanted(now.name)) return;
    const key = `${now.where}|${now.name}`;
    still = key === previous ? still + 1 : 0;
    if (still >= 3) throw new Error(`Le focus reste bloqué sur « ${now.name} » (${now.where}).`);
    previous = key;
  }
  throw new Error(
    `« ${String(target)} » n’est pas atteint en ${most} appuis sur Tab ; les derniers : ${tabbed.slice(-15).join(' | ')}`,
  );
};

/** The focused element's name (its label, or its text). */
export const focusedName = async (page: Page): Promise<string> => (await focused(page)).name;

/**
 * Chooses `option` in the focused list (a select or an autocomplete): the typed text filters an
 * autocomplete; the arrows move to the option, Entrée chooses it.
 */
export const chooseByKeyboard = async (
  page: Page,
  option: string | RegExp,
  typed?: string,
): Promise<void> => {
  if (typed !== undefined) await page.keyboard.type(typed);
  else await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  for (let press = 0; press < 60; press += 1) {
    const active = await page.evaluate(() => {
      const list = document.querySelector('[role="listbox"]');
      const current =
        list?.querySelector('[role="option"].Mui-focusVisible, [role="option"].Mui-focused') ??
        (document.activeElement?.getAttribute('role') === 'option' ? document.activeElement : null);
      return current?.textContent?.trim() ?? '';
    });
    if (typeof option === 'string' ? active === option : option.test(active)) {
      await page.keyboard.press('Enter');
      await listbox.waitFor({ state: 'detached' });
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`Option « ${String(option)} » introuvable au clavier.`);
};
