import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { MediaCard } from '../../../shared/ui/media-card';
import { QueryState } from '../../../shared/ui/query-state';
import { Section } from '../../../shared/ui/section';
import { Slider } from '../../../shared/ui/slider';
import { useStocks } from '../api/stocks';

/** docs/product.md §9: the promotions carousel shows 3 slides, 50 px apart. */
const PER_VIEW = 3;

/** The home page's promotions carousel; its title leads to /stocks. */
export function PromotionsCarousel() {
  const stocks = useStocks();
  return (
    <Section id="promotions" title={<Link to={paths.stocks}>Акции</Link>}>
      <QueryState query={stocks} loading="Загрузка акций..." error="Не удалось загрузить акции">
        {(list) => (
          <Slider
            items={list}
            label="Акции"
            perView={PER_VIEW}
            getKey={(s) => s.id}
            renderItem={(stock) => (
              <MediaCard to={paths.stock(stock.id)} image={stock.img} shape="landscape" title={stock.title} />
            )}
          />
        )}
      </QueryState>
    </Section>
  );
}
