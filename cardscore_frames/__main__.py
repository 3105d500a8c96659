import sys

from cardscore_frames.cli import main

sys.exit(main())
