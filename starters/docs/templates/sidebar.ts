/**
 * The sidebar, made from the folders of content/pages/: each folder is a
 * group, named by its index page (or by the folder's name without one), and
 * each page a link. A page's front matter may give its `sidebar.label`, its
 * `sidebar.order` (lower first; pages without one follow, by label) or
 * `sidebar.hidden`. Plain functions, no React, so that the order is tested
 * on its own.
 */
import { localeOf, localeRoute, type CollectionItem, type PageInfo, type SiteInfo } from 'sitegen';

export interface SidebarLink {
  kind: 'link';
  /** Its words in the sidebar: `sidebar.label`, else the title; a folder's own page is its group's overview. */
  label: string;
  /** Its words in previous and next: the same, except for a folder's own page, which is named as its group is. */
  title: string;
  route: string;
  order?: number;
}

export interface SidebarGroup {
  kind: 'group';
  label: string;
  /** The folder as a route without its language (/guides): what `collapsed` in site.yaml names. */
  folder: string;
  order?: number;
  entries: SidebarEntry[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

/**
 * The sidebar of one language: the items of the page's collection (every
 * other page) and the page itself. `overview` names a folder's own page
 * inside its group, which already carries the page's name.
 */
export function sidebarOf(site: SiteInfo, page: PageInfo, others: readonly CollectionItem[], overview: string): SidebarEntry[] {
  const locale = page.locale ?? site.lang;
  const own: CollectionItem = { route: page.route, file: page.file, title: page.title, description: page.description, tags: page.tags, draft: page.draft, ...(page.sidebar ? { sidebar: page.sidebar } : {}) };
  const pages = [...others, own].filter((item) => !item.sidebar?.hidden && localeOf(site, item.route) === locale);
  const home = localeRoute(site, locale, '/');
  const root: SidebarGroup = { kind: 'group', label: '', folder: '/', entries: [] };
  const groups = new Map<string, SidebarGroup>([['/', root]]);
  const groupAt = (folder: string): SidebarGroup => {
    let group = groups.get(folder);
    if (group) return group;
    const parent = groupAt(folder.slice(0, folder.lastIndexOf('/')) || '/');
    group = { kind: 'group', label: labelOfFolder(folder), folder, entries: [] };
    groups.set(folder, group);
    parent.entries.push(group);
    return group;
  };
  // Parents before children: a folder's index page names its group before the group's pages arrive.
  for (const item of [...pages].sort((a, b) => a.route.length - b.route.length)) {
    const path = withoutHome(item.route, home);
    const label = item.sidebar?.label ?? item.title;
    const link: SidebarLink = { kind: 'link', label, title: label, route: item.route, ...(item.sidebar?.order === undefined ? {} : { order: item.sidebar.order }) };
    if (path === '/') {
      // The language's home page leads, unless its front matter gives it a place.
      root.entries.push({ ...link, order: link.order ?? Number.NEGATIVE_INFINITY });
      continue;
    }
    const isIndex = item.file.endsWith('/index.md') || item.file.endsWith('/index.yaml');
    if (isIndex) {
      const group = groupAt(path);
      group.label = label;
      if (item.sidebar?.order !== undefined) group.order = item.sidebar.order;
      // The folder's own page leads its group, whatever order its front matter gives the group.
      group.entries.unshift({ ...link, label: overview, order: Number.NEGATIVE_INFINITY });
      continue;
    }
    groupAt(path.slice(0, path.lastIndexOf('/')) || '/').entries.push(link);
  }
  sortEntries(root);
  return root.entries;
}

/** Every link of the sidebar in reading order: what previous and next follow. */
export function linksOf(entries: readonly SidebarEntry[]): SidebarLink[] {
  return entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : linksOf(entry.entries)));
}

/** Whether a group holds the page at this route, at any depth: the group is then open. */
export function holds(group: SidebarGroup, route: string): boolean {
  return group.entries.some((entry) => (entry.kind === 'link' ? entry.route === route : holds(entry, route)));
}

function sortEntries(group: SidebarGroup): void {
  // Infinity minus Infinity is NaN, which || passes over: entries alike in order go by label.
  group.entries.sort((a, b) => (a.order ?? Number.POSITIVE_INFINITY) - (b.order ?? Number.POSITIVE_INFINITY) || a.label.localeCompare(b.label));
  for (const entry of group.entries) if (entry.kind === 'group') sortEntries(entry);
}

/** A route without its language's folder: /de/guides/setup → /guides/setup. */
function withoutHome(route: string, home: string): string {
  if (home === '/') return route;
  return route === home ? '/' : route.slice(home.length);
}

/** A folder without an index page is named after itself: /getting-started → Getting started. */
function labelOfFolder(folder: string): string {
  const name = folder.slice(folder.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}
