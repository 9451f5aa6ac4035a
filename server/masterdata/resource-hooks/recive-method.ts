// Receive methods: an incoming letter names one by its title from a list, so two that read
// alike («پست», «پسـت», «ﭘﺴﺖ») cannot be told apart there — a title is one of its own among
// the tenant's receive methods, as a folder's among its siblings (twin-titles.ts).
import { reciveMethod } from '../../../src/schemas/correspondence';
import { registerHooks } from '../hooks';
import { refuseTwinTitle } from './twin-titles';

registerHooks(reciveMethod, {
  async beforeSave(ctx) {
    await refuseTwinTitle(ctx, {
      table: 'recive_methods',
      title: 'recive_method_title',
      message: (typed) => `روش دریافتی با عنوان «${typed}» هست؛ عنوان دیگری بنویسید`,
    });
  },
});
