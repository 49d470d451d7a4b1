import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  List,
  ListItemButton,
  ListItemText,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { useBasename, useSidebarState, useStore, useStoreContext } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import {
  menuGroupsLeadingTo,
  menuTree,
  routeForPath,
  type MenuGroup,
  type MenuLink,
  type MenuNode,
} from '@examens-pro/domain';
import { useOpenRoutes } from './screens';

/** The groups the user opened, kept in react-admin's store for the session. */
const OPEN_GROUPS = 'menu.groupesOuverts';
const NONE: readonly string[] = [];

const regionId = (key: string): string => `menu-${key.replace(/[^a-z0-9]+/gi, '-')}`;

/**
 * After an entry is followed, the focus goes to the screen it opened (WCAG 2.4.3): the next Tab is
 * in the page, not further down the menu, and a screen reader starts reading the screen. The
 * content area is focusable by script only (tabindex -1), drawn without an outline.
 */
const focusScreen = (): void => {
  requestAnimationFrame(() => {
    const content = document.getElementById('main-content');
    if (!content) return;
    content.setAttribute('tabindex', '-1');
    content.focus({ preventScroll: true });
  });
};

/** Indentation of an entry or a group header by its depth in the tree. */
const indent = (depth: number) => 2 + depth * 1.5;

interface Level {
  readonly depth: number;
  readonly current: string | undefined;
  readonly isOpen: (key: string) => boolean;
  readonly toggle: (key: string) => void;
}

const Entry = ({ node, level }: { node: MenuLink; level: Level }) => {
  const basename = useBasename();
  const [, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const active = node.path === level.current;
  return (
    // A link among links (a navigation, not a menu of actions): Tab reaches every entry, a screen
    // reader reads « lien », the current screen's as « page actuelle ».
    <ListItemButton
      component={Link}
      to={`${basename}/${node.path}`}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={() => {
        if (isSmall) setSidebarOpen(false);
        focusScreen();
      }}
      sx={{
        pl: indent(level.depth),
        py: 0.75,
        minHeight: 0,
        whiteSpace: 'normal',
        color: active ? 'text.primary' : 'text.secondary',
        fontSize: level.depth > 1 ? '0.875rem' : undefined,
      }}
    >
      {node.label}
    </ListItemButton>
  );
};

const Group = ({ node, level }: { node: MenuGroup; level: Level }) => {
  const open = level.isOpen(node.key);
  const id = regionId(node.key);
  return (
    <Box data-menu-group={node.key}>
      <ListItemButton
        component="button"
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => level.toggle(node.key)}
        sx={{
          pl: indent(level.depth),
          py: 0.75,
          width: '100%',
          border: 0,
          background: 'none',
          font: 'inherit',
          textAlign: 'left',
          color: 'text.primary',
        }}
      >
        <ListItemText
          primary={node.label}
          slotProps={{
            primary: {
              fontWeight: level.depth === 0 ? 600 : 500,
              fontSize: level.depth > 0 ? '0.875rem' : undefined,
            },
          }}
          sx={{ my: 0 }}
        />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List id={id} component="div" disablePadding>
          <Nodes nodes={node.children} level={{ ...level, depth: level.depth + 1 }} />
        </List>
      </Collapse>
    </Box>
  );
};

const Nodes = ({ nodes, level }: { nodes: readonly MenuNode[]; level: Level }) => (
  <>
    {nodes.map((node) =>
      node.kind === 'link' ? (
        <Entry key={node.key} node={node} level={level} />
      ) : (
        <Group key={node.key} node={node} level={level} />
      ),
    )}
  </>
);

/**
 * The menu: the seed's seven sections as collapsible groups, the routes nested by path below them
 * (the route table's tree, `menuTree`), offering only the screens this build has and the user may
 * open. The groups holding the current screen open on load and on each navigation; the others
 * open and close on a click and stay so for the session.
 */
export const Menu = () => {
  const routes = useOpenRoutes();
  const signature = routes.map((r) => r.id).join('|');
  // Rebuilt when the routes offered change (by their ids), not on every render.
  const tree = useMemo(() => menuTree(routes), [signature]);
  const { pathname } = useLocation();
  const current = routeForPath(pathname)?.path;
  const leading = useMemo(
    () => (current === undefined ? NONE : menuGroupsLeadingTo(tree, current)),
    [tree, current],
  );
  const [opened] = useStore<readonly string[]>(OPEN_GROUPS, NONE);
  // Changes start from the store's value, not this render's: two clicks in a row (a section, then
  // a group inside it) must not undo each other.
  const store = useStoreContext();
  const change = (next: (before: readonly string[]) => readonly string[]) => {
    const before = store.getItem<readonly string[]>(OPEN_GROUPS, NONE) ?? NONE;
    const after = next(before);
    if (after !== before) store.setItem(OPEN_GROUPS, after);
  };
  // Until the effect below has stored them, the current screen's groups count as open: no flash of
  // closed groups on load.
  const appliedFor = useRef<string | undefined>(undefined);
  const pending = appliedFor.current !== current ? leading : NONE;
  useEffect(() => {
    appliedFor.current = current;
    change((before) =>
      leading.every((key) => before.includes(key)) ? before : [...new Set([...before, ...leading])],
    );
    // Only when the screen changes: a group the user closes afterwards stays closed.
  }, [current, leading]);
  const [sidebarOpen] = useSidebarState();
  const level: Level = {
    depth: 0,
    current,
    isOpen: (key) => opened.includes(key) || pending.includes(key),
    toggle: (key) =>
      change((before) =>
        before.includes(key) ? before.filter((k) => k !== key) : [...before, key],
      ),
  };
  return (
    <Box
      component="nav"
      aria-label="Menu principal"
      sx={(theme) => ({
        width: sidebarOpen
          ? ((theme as Theme & { sidebar?: { width?: number } }).sidebar?.width ?? 240)
          : 0,
        overflow: sidebarOpen ? undefined : 'hidden',
        pt: 1,
        pb: 2,
      })}
    >
      <List component="div" disablePadding>
        <Nodes nodes={tree} level={level} />
      </List>
    </Box>
  );
};
