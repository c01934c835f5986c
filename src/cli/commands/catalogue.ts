// `cloudplane catalogue …`: what the project's owner can order.
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';

const catalogue = () => import('../handlers/catalogue.ts');

export function registerCatalogueCommands(program: Command): void {
  const group = program.command('catalogue').alias('catalog').description('What can be ordered: products, images, locations, prices, ISOs');
  group.command('products').description('Products: plans, prices, stock per location').action(lazyAction(catalogue, (module) => module.listProducts));
  group.command('images').description('Images a server can be installed with').action(lazyAction(catalogue, (module) => module.listImages));
  group.command('locations').description('Locations where something is offered').action(lazyAction(catalogue, (module) => module.listLocations));
  group.command('pricing').description('Prices of extra IPv4 addresses, IPv6 and bandwidth').action(lazyAction(catalogue, (module) => module.showPricing));
  group.command('isos').description('ISOs a server can mount').action(lazyAction(catalogue, (module) => module.listIsos));
}
