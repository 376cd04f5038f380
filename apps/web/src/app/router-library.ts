// main.tsx imports this on its own before the app, so that the browser runs React Router's code in a
// task of its own (it is a chunk of its own, vite.config.ts). Importing 'react-router' itself there would
// keep every export of the library in the bundle.
export { createBrowserRouter } from 'react-router';
