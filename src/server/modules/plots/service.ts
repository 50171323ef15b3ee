import type { CreatePlot, Plot } from '../../../shared/contracts/posts.js';
import type { plots } from '../../db/schema.js';
import { postService, type PostDeps, type PostService } from '../../posts/service.js';
import { plotDefinition } from './definition.js';

export type PlotService = PostService<typeof plots, CreatePlot, Plot>;

/** The plots' service: the post mechanism with the plot definition (see posts/service.ts). */
export function plotService(deps: PostDeps): PlotService {
  return postService(plotDefinition, deps);
}
