// The corpus as a content collection: every Markdown file of src/content/pages/, its front matter checked.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/pages' }),
    schema: z.object({ title: z.string(), description: z.string() }),
  }),
};
