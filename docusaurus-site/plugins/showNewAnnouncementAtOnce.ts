// A new announcement (another announcement bar id) shows from the first page load on.
// Docusaurus 3.7 hides a dismissed announcement bar before hydration without looking at its id, so a
// new announcement would only show from the second page load on. This inline script shows it at
// once when the stored id is not the current one.
//
// Called with the bar's id, it returns the plugin (a function, as the config's plugins list takes).
export default function showNewAnnouncementAtOnce(announcementId: string) {
  const script = `(function () {
  try {
    if (localStorage.getItem("docusaurus.announcement.id") !== ${JSON.stringify(announcementId)}) {
      document.documentElement.setAttribute("data-announcement-bar-initially-dismissed", "false");
    }
  } catch (err) {}
})();`;
  return function showNewAnnouncementAtOncePlugin() {
    return {
      name: "show-new-announcement-at-once",
      // After the theme's own inline script, which sets the attribute from the dismissal flag alone.
      injectHtmlTags: () => ({ preBodyTags: [{ tagName: "script", innerHTML: script }] }),
    };
  };
}
