/**
 * Leaflet's default marker icon under Vite: Leaflet guesses its image URLs from its CSS, which a
 * bundler breaks, so the images are imported (Vite turns them into asset URLs) and set here once.
 */
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

export const markerIcon = new L.Icon.Default();
