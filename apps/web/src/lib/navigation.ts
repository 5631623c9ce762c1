/** Full-page navigations that leave the app (to the API or a sign-in provider); tests watch `assign`. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
