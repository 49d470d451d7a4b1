import { themeToggleLabel, toggleThemeMode, useThemeMode } from '../common/theme';

export const ThemeToggle = () => {
  const mode = useThemeMode();
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={themeToggleLabel(mode)}
      title={themeToggleLabel(mode)}
      onClick={toggleThemeMode}
    >
      <span aria-hidden="true">{mode === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
};
