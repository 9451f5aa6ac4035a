// The portal's name: the top bar without a tenant name, the browser tab, <Admin title>.
export const APP_NAME = 'دبیر';
