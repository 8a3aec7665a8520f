// Eleventy's side of the benchmark: Markdown pages through one .11ty.js layout,
// without the Liquid pre-pass (sitegen and Hugo do not template Markdown either).
export default function (eleventyConfig) {
  eleventyConfig.addGlobalData('layout', 'layout.11ty.js');
  eleventyConfig.addPassthroughCopy({ public: '/' });
  return {
    markdownTemplateEngine: false,
    htmlTemplateEngine: false,
    templateFormats: ['md'],
    dir: { input: 'src', includes: '_includes', data: '_data' },
  };
}
