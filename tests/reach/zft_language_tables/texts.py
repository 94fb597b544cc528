from .texts_en import TEXTS_EN
from .texts_fr import TEXTS_FR

TEXTS = {"FR": TEXTS_FR, "EN": TEXTS_EN}
