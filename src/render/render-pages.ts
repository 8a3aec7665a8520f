/**
 * The render stage's core: each validated page rendered inside the document
 * shell by the compiled templates, to HTML by output path. A template that
 * throws gives a template error (src/render/template-error.ts), never a
 * content error: the editor's file is not at fault.
 */
import type { SiteError } from '../errors.ts';
import type { PageAssets, PageModel, SiteInfo, SiteTemplates } from '../model.ts';
import { templateError } from './template-error.ts';

/**
 * `/` → `index.html`, `/about` → `about.html` (served as /about by sirv,
 * nginx try_files and static hosts), or with trailing slashes `about/index.html`
 * (served as /about/ by hosts that know folders only, such as an S3 bucket).
 */
export function outputPathOf(route: string, trailingSlash: SiteInfo['trailingSlash'] = 'never'): string {
  if (route === '/') return 'index.html';
  return trailingSlash === 'always' ? `${route.slice(1)}/index.html` : `${route.slice(1)}.html`;
}

export interface RenderedPages {
  /** Output path → HTML. */
  files: Map<string, string>;
  /** Route → the islands its page uses. */
  islands: Map<string, string[]>;
  errors: SiteError[];
}

export function renderPages(
  pages: readonly PageModel[], templates: Pick<SiteTemplates, 'layout' | 'pages' | 'renderPage'>, site: SiteInfo, assets: PageAssets,
  root: string,
): RenderedPages {
  const files = new Map<string, string>();
  const islands = new Map<string, string[]>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    try {
      const rendered = templates.renderPage({
        layout: templates.layout, template: templates.pages[page.info.template], data: page.data, page: page.info, site, assets,
      });
      files.set(outputPathOf(page.info.route, site.trailingSlash), rendered.html);
      islands.set(page.info.route, rendered.islands);
    } catch (error) {
      errors.push(templateError(error, page.info, root));
    }
  }
  return { files, islands, errors };
}
